import { describe, expect, it } from 'vitest';
import type { MutationNode } from '../config.gen.js';
import { errorField, mutationMessage, mutationProblems, problemKind, titleOf } from './mutationMessages.js';

const user: MutationNode = {
  kind: 'mutation',
  id: 'create',
  entity: 'user',
  operation: 'create',
  schema: {
    type: 'object',
    properties: {
      user_name: { type: 'string', title: 'User Name' },
      first_name: { type: 'string', title: 'First Name' },
      backup_email: { type: 'string', title: 7 },
      age: { type: 'integer' },
    },
  },
  checks: [
    { kind: 'required', field: 'first_name', message: 'First Name is a required attribute.' },
    { kind: 'email', field: 'user_name', message: 'User Name must be valid e-mail id.' },
    { kind: 'required', field: 'age', message: 'Age please' },
  ],
};
const bare: MutationNode = { kind: 'mutation', id: 'x', entity: 'user', operation: 'create' };

describe('the field of an ajv error', () => {
  it('required and additionalProperties name it in params, others in the path', () => {
    expect(errorField('', 'required', { missingProperty: 'first_name' })).toBe('first_name');
    expect(errorField('', 'required', { missingProperty: 3 })).toBe('');
    expect(errorField('', 'additionalProperties', { additionalProperty: 'is_admin' })).toBe('is_admin');
    expect(errorField('', 'additionalProperties', {})).toBe('');
    expect(errorField('/channels/0', 'type', {})).toBe('channels');
    expect(errorField('/missing', 'required', {})).toBe('');
    expect(errorField('/is_admin', 'additionalProperties', { additionalProperty: 1 })).toBe('');
    expect(errorField('', 'type', {})).toBe('');
  });
});

describe('the kind of a keyword error', () => {
  it('missing, blank and empty are required', () => {
    expect(problemKind(user, { keyword: 'required', field: 'first_name' })).toBe('required');
    expect(problemKind(user, { keyword: 'minItems', field: 'x' })).toBe('required');
    expect(problemKind(user, { keyword: 'pattern', field: 'first_name', params: { pattern: '\\S' } })).toBe(
      'required',
    );
  });

  it('format email, or a pattern of an email check, is email', () => {
    expect(problemKind(null, { keyword: 'format', field: 'x', params: { format: 'email' } })).toBe('email');
    expect(
      problemKind(user, { keyword: 'pattern', field: 'user_name', params: { pattern: '^.+@.+$' } }),
    ).toBe('email');
  });

  it('everything else is other', () => {
    expect(problemKind(null, { keyword: 'format', field: 'x', params: { format: 'date' } })).toBe('other');
    expect(problemKind(null, { keyword: 'format', field: 'x' })).toBe('other');
    expect(
      problemKind(null, { keyword: 'type', field: 'x', params: { format: 'email', pattern: '\\S' } }),
    ).toBe('other');
    expect(problemKind(undefined, { keyword: 'pattern', field: 'user_name', params: { pattern: 'x' } })).toBe(
      'other',
    );
    expect(problemKind(user, { keyword: 'pattern', field: 'user_name' })).toBe('email');
    // A pattern on a field whose email check is elsewhere, or a non-email check of the field.
    expect(problemKind(user, { keyword: 'pattern', field: 'first_name', params: { pattern: 'x' } })).toBe(
      'other',
    );
    expect(problemKind(user, { keyword: 'maxLength', field: 'user_name' })).toBe('other');
    expect(problemKind(bare, { keyword: 'pattern', field: 'user_name', params: { pattern: 'x' } })).toBe(
      'other',
    );
  });
});

describe('the message of a refused field', () => {
  it('an unknown field is named', () => {
    expect(mutationMessage(user, { keyword: 'additionalProperties', field: 'is_admin' })).toBe(
      'Unknown field "is_admin"',
    );
  });

  it("a required problem takes the field's required check message, else names the title", () => {
    expect(mutationMessage(user, { keyword: 'required', field: 'first_name' })).toBe(
      'First Name is a required attribute.',
    );
    expect(mutationMessage(user, { keyword: 'minItems', field: 'age' })).toBe('Age please');
    expect(mutationMessage(user, { keyword: 'required', field: 'user_name' })).toBe('User Name is required');
    expect(mutationMessage(bare, { keyword: 'required', field: 'user_name' })).toBe('user_name is required');
  });

  it("a malformed e-mail takes the email check's message; without one, the title and ajv's words", () => {
    expect(mutationMessage(user, { keyword: 'pattern', field: 'user_name', params: { pattern: '@' } })).toBe(
      'User Name must be valid e-mail id.',
    );
    expect(
      mutationMessage(user, {
        keyword: 'format',
        field: 'first_name',
        params: { format: 'email' },
        message: 'must match format "email"',
      }),
    ).toBe('First Name must match format "email"');
    expect(
      mutationMessage(user, { keyword: 'format', field: 'first_name', params: { format: 'email' } }),
    ).toBe('First Name is invalid');
  });

  it('other problems name the title (or the field) with the error message', () => {
    expect(mutationMessage(user, { keyword: 'type', field: 'user_name', message: 'must be string' })).toBe(
      'User Name must be string',
    );
    expect(mutationMessage(user, { keyword: 'type', field: 'age', message: 'must be integer' })).toBe(
      'age must be integer',
    );
    expect(mutationMessage(user, { keyword: 'maximum', field: 'age' })).toBe('age is invalid');
  });

  it('a title that is not text falls back to the field name', () => {
    expect(titleOf(user, 'backup_email')).toBe('backup_email');
    expect(titleOf(user, 'nope')).toBe('nope');
    expect(titleOf(bare, 'user_name')).toBe('user_name');
    expect(titleOf(user, 'first_name')).toBe('First Name');
  });
});

describe('one problem per field', () => {
  it('the first error of each field wins, in error order', () => {
    expect(
      mutationProblems(user, [
        { keyword: 'pattern', field: 'first_name', params: { pattern: '\\S' } },
        { keyword: 'maxLength', field: 'first_name', message: 'too long' },
        { keyword: 'pattern', field: 'user_name', params: { pattern: '@' } },
        { keyword: 'required', field: 'first_name' },
      ]),
    ).toEqual([
      { path: 'first_name', message: 'First Name is a required attribute.' },
      { path: 'user_name', message: 'User Name must be valid e-mail id.' },
    ]);
    expect(mutationProblems(user, [])).toEqual([]);
  });
});
