import { answers } from '../../platform/http/schemaKit.js';

const name = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' } as const;

/** A grid's default cap on ticked rows, and the ceiling of any maxSelected (the schema's maximum). */
export const BULK_DEFAULT_MAX = 100;
export const BULK_HARD_MAX = 500;

export interface BulkParams {
  area: string;
  screen: string;
  grid: string;
  action: string;
}

export interface BulkBody {
  rows: { id: number; updated_at: string }[];
}

export const bulkSchema = {
  summary: "Run a grid's bulk action on the ticked rows: one transaction, each row audited",
  description:
    "The action's mutation (delete, toggle, or update with the config's `set` values) on every row " +
    "sent, each with the updated_at it was read with. More rows than the grid's maxSelected answer " +
    "400 with its message; a row outside the caller's groups 403, a stale one 409: nothing is written then.",
  params: {
    type: 'object',
    required: ['area', 'screen', 'grid', 'action'],
    additionalProperties: false,
    properties: { area: name, screen: name, grid: name, action: name },
  },
  body: {
    type: 'object',
    required: ['rows'],
    additionalProperties: false,
    properties: {
      rows: {
        type: 'array',
        // No selection is this long: refused before the handler, which checks the grid's own cap
        // (maxSelected, with its message) and duplicates.
        maxItems: 10000,
        items: {
          type: 'object',
          required: ['id', 'updated_at'],
          additionalProperties: false,
          properties: {
            id: { type: 'integer', minimum: 1, maximum: 2147483647 },
            updated_at: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
  },
  response: answers({
    type: 'object',
    properties: {
      count: { type: 'integer' },
      ids: { type: 'array', items: { type: 'integer' } },
    },
  }),
} as const;
