import { answers } from '../http/schemaKit.js';

const name = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' } as const;

export interface EntityRowsQuery {
  limit?: number;
  offset?: number;
  order_by?: string;
  order_type?: 'asc' | 'desc';
}

export const entityRowsSchema = {
  summary: "A page of a store entity's rows for a screen that writes it (caller's groups only)",
  params: {
    type: 'object',
    required: ['area', 'screen', 'entity'],
    additionalProperties: false,
    properties: { area: name, screen: name, entity: name },
  },
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: 500 },
      offset: { type: 'integer', minimum: 0, maximum: 1000000 },
      order_by: name,
      order_type: { type: 'string', enum: ['asc', 'desc'] },
    },
  },
  response: answers({
    type: 'object',
    properties: {
      rows: { type: 'array', items: { type: 'object', additionalProperties: true } },
      total: { type: 'integer' },
    },
  }),
} as const;
