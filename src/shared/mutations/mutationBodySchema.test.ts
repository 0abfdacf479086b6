import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { MutationNode } from '../config.gen.js';
import { mutationBodySchema } from './mutationBodySchema.js';
import { errorField, mutationProblems } from './mutationMessages.js';

const create: MutationNode = {
  kind: 'mutation',
  id: 'create',
  entity: 'group',
  operation: 'create',
  schema: {
    type: 'object',
    properties: {
      group_name: { type: 'string', title: 'Group Name' },
      channels: { type: 'array', title: 'Channel', items: { type: 'integer' } },
      notify_to_email: { type: 'string', title: 'Notify To Email' },
      comments: { type: 'string', title: 'Comments' },
    },
  },
  checks: [
    { kind: 'required', field: 'group_name', message: 'Group Name is a required attribute.' },
    { kind: 'required', field: 'channels', message: 'Channel can not be empty' },
    { kind: 'required', field: 'notify_to_email', message: 'You have to enter valid email' },
    { kind: 'email', field: 'notify_to_email', message: 'You have to enter valid email' },
  ],
};

/** The server's way: ajv over the shared schema, errors mapped to the config's messages. */
function problems(mutation: MutationNode, body: unknown) {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(mutationBodySchema(mutation));
  if (validate(body)) return [];
  return mutationProblems(
    mutation,
    (validate.errors ?? []).map((e) => ({
      keyword: e.keyword,
      field: errorField(e.instancePath, e.keyword, e.params as Record<string, unknown>),
      params: e.params as Record<string, unknown>,
      ...(e.message ? { message: e.message } : {}),
    })),
  );
}

const good = { group_name: 'Acme', channels: [1], notify_to_email: 'ops@acme.com' };

describe('mutation body schema and messages', () => {
  it('accepts a complete body', () => {
    expect(problems(create, good)).toEqual([]);
  });

  it("answers each check's message: missing, blank, empty list, bad e-mail", () => {
    expect(problems(create, {})).toEqual([
      { path: 'group_name', message: 'Group Name is a required attribute.' },
      { path: 'channels', message: 'Channel can not be empty' },
      { path: 'notify_to_email', message: 'You have to enter valid email' },
    ]);
    expect(problems(create, { ...good, group_name: '   ', channels: [], notify_to_email: 'a@b' })).toEqual([
      { path: 'group_name', message: 'Group Name is a required attribute.' },
      { path: 'channels', message: 'Channel can not be empty' },
      { path: 'notify_to_email', message: 'You have to enter valid email' },
    ]);
  });

  it('refuses unknown fields, wrong types, huge strings and huge lists', () => {
    expect(problems(create, { ...good, is_admin: true })).toEqual([
      { path: 'is_admin', message: 'Unknown field "is_admin"' },
    ]);
    expect(problems(create, { ...good, channels: 'x' })[0]?.path).toBe('channels');
    expect(problems(create, { ...good, comments: 'x'.repeat(1_000_001) })[0]).toEqual({
      path: 'comments',
      message: 'Comments must NOT have more than 1000 characters',
    });
    expect(problems(create, { ...good, channels: Array.from({ length: 10_000 }, () => 1) })[0]?.path).toBe(
      'channels',
    );
  });

  it('update, delete and toggle carry the row as read', () => {
    const remove: MutationNode = { kind: 'mutation', id: 'del', entity: 'group', operation: 'delete' };
    expect(mutationBodySchema(remove).required).toEqual(['id', 'updated_at']);
    expect(problems(remove, { id: 3 })).toEqual([{ path: 'updated_at', message: 'updated_at is required' }]);
  });
});

describe('the body schema itself', () => {
  const base = { kind: 'mutation', id: 'm', entity: 'group' } as const;
  const schema = create.schema!;

  it('bounds strings and lists, leaves other types as written', () => {
    const built = mutationBodySchema({
      ...base,
      operation: 'create',
      schema: { ...schema, title: 'New group' },
    });
    expect(built).toEqual({
      type: 'object',
      title: 'New group',
      additionalProperties: false,
      required: [],
      properties: {
        group_name: { type: 'string', title: 'Group Name', maxLength: 1000 },
        channels: { type: 'array', title: 'Channel', items: { type: 'integer' }, maxItems: 500 },
        notify_to_email: { type: 'string', title: 'Notify To Email', maxLength: 1000 },
        comments: { type: 'string', title: 'Comments', maxLength: 1000 },
      },
    });
    const numbers = mutationBodySchema({
      ...base,
      operation: 'create',
      schema: { type: 'object', properties: { n: { type: 'integer' } } },
    });
    expect(numbers.properties).toEqual({ n: { type: 'integer' } });
  });

  it('an update writes the fields and carries the row token', () => {
    const built = mutationBodySchema({ ...base, operation: 'update', schema, checks: create.checks });
    expect(built.required).toEqual(['group_name', 'channels', 'notify_to_email', 'id', 'updated_at']);
    expect(built.properties).toMatchObject({
      group_name: { pattern: '\\S', maxLength: 1000 },
      channels: { minItems: 1, maxItems: 500 },
      id: { type: 'integer', minimum: 1, maximum: 2147483647 },
      updated_at: { type: 'string', maxLength: 40 },
    });
  });

  it('delete and toggle send only the row token, whatever the schema and checks say', () => {
    for (const operation of ['delete', 'toggle'] as const)
      expect(mutationBodySchema({ ...base, operation, schema, checks: create.checks })).toEqual({
        type: 'object',
        additionalProperties: false,
        required: ['id', 'updated_at'],
        properties: {
          id: { type: 'integer', minimum: 1, maximum: 2147483647 },
          updated_at: { type: 'string', maxLength: 40 },
        },
      });
  });

  it('a field named twice as required is listed once; the email check overrides the blank pattern', () => {
    const built = mutationBodySchema({
      ...base,
      operation: 'create',
      schema,
      checks: [
        { kind: 'required', field: 'group_name', message: 'a' },
        { kind: 'required', field: 'group_name', message: 'b' },
        { kind: 'unique', field: 'comments', message: 'taken' },
        { kind: 'required', field: 'not_in_schema', message: 'c' },
      ],
    });
    expect(built.required).toEqual(['group_name']);
    expect((built.properties as Record<string, unknown>).comments).toEqual({
      type: 'string',
      title: 'Comments',
      maxLength: 1000,
    });
    expect(built.properties).not.toHaveProperty('not_in_schema');
  });

  it('a mutation without schema or checks takes no fields', () => {
    expect(mutationBodySchema({ ...base, operation: 'create' })).toEqual({
      type: 'object',
      additionalProperties: false,
      required: [],
      properties: {},
    });
  });
});
