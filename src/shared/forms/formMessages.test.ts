import { describe, expect, it } from 'vitest';
import { formFieldTitle, formKeywordMessage, formProperties } from './formMessages.js';

// The shape of the report mailer's form (screens/report/reportmailer.screen.json): own fields, an
// `if` on distribution that adds recipients for e-mail, else a nested `if` that adds an Azure target.
const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Mailer Name', minLength: 1 },
    distribution: { type: 'string', title: 'Distribution' },
    cron: { type: 'string' },
  },
  if: { properties: { distribution: { const: 'email' } } },
  then: { properties: { recipients: { type: 'array', title: 'Recipients', minItems: 1 } } },
  else: {
    if: { properties: { distribution: { const: 'azure' } } },
    then: {
      properties: {
        target: {
          type: 'object',
          title: 'Delivery Target',
          properties: { container: { type: 'string', title: 'Container' }, path: { type: 'string' } },
        },
      },
    },
    else: { properties: { host: { type: 'string', title: 'Host' } } },
  },
};

// The mailer form's errorMessages (same screen file).
const messages = {
  required: '{title} is a required attribute.',
  minLength: '{title} is a required attribute.',
  minItems: '{title} can not be empty',
  'recipients.pattern': 'You have to enter valid email',
  pattern: 'Enter valid {title}',
};

const names = (props: Record<string, unknown>) => Object.keys(props).sort();

describe('formProperties', () => {
  it('without data lists own fields and those of every branch, nested ones too', () => {
    expect(names(formProperties(schema))).toEqual([
      'cron',
      'distribution',
      'host',
      'name',
      'recipients',
      'target',
    ]);
  });

  it('with data lists only the branch the data takes', () => {
    expect(names(formProperties(schema, { distribution: 'email' }))).toEqual([
      'cron',
      'distribution',
      'name',
      'recipients',
    ]);
    expect(names(formProperties(schema, { distribution: 'azure' }))).toEqual([
      'cron',
      'distribution',
      'name',
      'target',
    ]);
    expect(names(formProperties(schema, { distribution: 'sftp' }))).toEqual([
      'cron',
      'distribution',
      'host',
      'name',
    ]);
  });

  it('takes `then` only when every const of the condition matches; a condition without const always matches', () => {
    const twoKeys = {
      if: { properties: { a: { const: 1 }, b: { const: 2 }, c: { type: 'string' } } },
      then: { properties: { yes: {} } },
      else: { properties: { no: {} } },
    };
    expect(names(formProperties(twoKeys, { a: 1, b: 2 }))).toEqual(['yes']);
    expect(names(formProperties(twoKeys, { a: 1, b: 3 }))).toEqual(['no']);
    expect(names(formProperties(twoKeys, { a: 0, b: 2 }))).toEqual(['no']);
  });

  it("keeps a field's own definition over a branch's of the same name", () => {
    const overlapping = {
      properties: { x: { title: 'Own' } },
      then: { properties: { x: { title: 'Branch' } } },
    };
    expect(formProperties(overlapping).x).toEqual({ title: 'Own' });
  });

  it('is empty for a schema without properties, and ignores a branch that is not an object', () => {
    expect(formProperties({})).toEqual({});
    expect(formProperties({ then: null, else: 'x', properties: { a: {} } })).toEqual({ a: {} });
  });
});

describe('formFieldTitle', () => {
  it('names a field by its title, else by its key; nested fields by the innermost title', () => {
    expect(formFieldTitle(schema, ['name'])).toBe('Mailer Name');
    expect(formFieldTitle(schema, ['cron'])).toBe('cron');
    expect(formFieldTitle(schema, ['target', 'container'])).toBe('Container');
    expect(formFieldTitle(schema, ['target', 'path'])).toBe('path');
  });

  it('names a field the schema lacks by its own key, and an empty path by nothing', () => {
    expect(formFieldTitle(schema, ['unknown'])).toBe('unknown');
    expect(formFieldTitle(schema, [])).toBe('');
  });

  it("finds a branch's field only when the data takes that branch", () => {
    expect(formFieldTitle(schema, ['host'], { distribution: 'sftp' })).toBe('Host');
    expect(formFieldTitle(schema, ['recipients'], { distribution: 'sftp' })).toBe('recipients');
    expect(formFieldTitle(schema, ['target', 'container'], { distribution: 'azure', target: {} })).toBe(
      'Container',
    );
  });

  it("chooses a nested field's branch from the nested data", () => {
    const nested = {
      properties: {
        target: {
          title: 'Target',
          if: { properties: { kind: { const: 'a' } } },
          then: { properties: { x: { title: 'X of a' } } },
          else: { properties: { x: { title: 'X of b' } } },
        },
      },
    };
    expect(formFieldTitle(nested, ['target', 'x'], { target: { kind: 'a' } })).toBe('X of a');
    expect(formFieldTitle(nested, ['target', 'x'], { target: { kind: 'b' } })).toBe('X of b');
  });
});

describe('formKeywordMessage', () => {
  it("fills the form's message for a keyword with the field's title (product spec wording)", () => {
    expect(formKeywordMessage(schema, messages, 'required', ['name'])).toBe(
      'Mailer Name is a required attribute.',
    );
    expect(formKeywordMessage(schema, messages, 'minItems', ['recipients'])).toBe(
      'Recipients can not be empty',
    );
    expect(formKeywordMessage(schema, messages, 'pattern', ['target', 'container'])).toBe(
      'Enter valid Container',
    );
  });

  it("prefers the top-level field's own message for the keyword", () => {
    expect(formKeywordMessage(schema, messages, 'pattern', ['recipients', '0'])).toBe(
      'You have to enter valid email',
    );
    expect(formKeywordMessage(schema, messages, 'pattern', ['name'])).toBe('Enter valid Mailer Name');
  });

  it('gives nothing for a keyword the form has no message for', () => {
    expect(formKeywordMessage(schema, messages, 'maxLength', ['name'])).toBeUndefined();
    expect(formKeywordMessage(schema, {}, 'required', ['name'])).toBeUndefined();
  });

  it('with an empty path uses the keyword message and an empty title', () => {
    expect(formKeywordMessage(schema, { required: '[{title}] missing' }, 'required', [])).toBe('[] missing');
    expect(formKeywordMessage(schema, { '.required': 'root' }, 'required', [])).toBe('root');
  });

  it('names the field by the branch its data takes', () => {
    expect(formKeywordMessage(schema, messages, 'required', ['host'], { distribution: 'ftp' })).toBe(
      'Host is a required attribute.',
    );
  });
});
