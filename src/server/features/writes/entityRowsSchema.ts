import { answers } from '../../platform/http/schemaKit.js';
import { ALL_FILTER_NAMES } from '../../language/entities/entityReads.js';

const name = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' } as const;

export interface EntityRowsQuery {
  limit?: number;
  offset?: number;
  order_by?: string;
  order_type?: 'asc' | 'desc';
  /** The entity's declared filters (entityReads.ts), checked per entity by parseEntityFilters. */
  [filter: string]: unknown;
}

const filterParams = Object.fromEntries(
  ALL_FILTER_NAMES.map((f) => [f, { type: 'string', maxLength: 6000 }] as const),
);

export const entityRowsSchema = {
  summary: "A page of a store entity's rows for a screen that reads it (caller's groups only), filtered",
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
      ...filterParams,
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
