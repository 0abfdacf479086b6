import { answers } from '../../platform/http/schemaKit.js';

const name = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' } as const;

export const mutationParams = {
  type: 'object',
  required: ['area', 'screen', 'mutation'],
  additionalProperties: false,
  properties: { area: name, screen: name, mutation: name },
} as const;

/** The body's own schema is the mutation's (config), checked in the handler with its messages. */
export const mutateSchema = {
  summary: "Run a screen's mutation (create, update, delete, toggle) in one audited transaction",
  description:
    'The body is validated against the JSON Schema built from the mutation in config (the same the ' +
    "form uses); refusals answer 400 with the config's messages, a stale row 409, a row outside the " +
    "caller's groups 403.",
  params: mutationParams,
  body: { type: 'object', description: "The mutation's fields; update/delete/toggle add id and updated_at" },
  response: answers({
    type: 'object',
    properties: {
      id: { type: 'integer' },
      row: { type: ['object', 'null'], additionalProperties: true },
      changed: { type: 'object', additionalProperties: true },
    },
  }),
} as const;

export const verifySchema = {
  summary: "Check a unique field of a screen's mutation (on blur): statusCode 0 and the message when taken",
  params: mutationParams,
  body: {
    type: 'object',
    required: ['field', 'value'],
    additionalProperties: false,
    properties: {
      field: name,
      value: { type: 'string', maxLength: 1000 },
      id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    },
  },
  response: answers({ type: 'null' }),
} as const;
