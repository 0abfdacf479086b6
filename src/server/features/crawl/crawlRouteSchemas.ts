import { answers } from '../../platform/http/schemaKit.js';

/** JSON Schemas of the crawl routes; the schema text itself is checked by checkModelSchema for the spec's messages. */
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const crawlType = {
  type: 'integer',
  enum: [0, 3, 4, 5],
  description: '0 Default, 3 Custom, 4 Scheduled, 5 Live Tracking',
} as const;
const schemaText = {
  type: 'string',
  maxLength: 100_000,
  description: 'The model schema, as JSON text',
} as const;
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

export const listAnswer = answers({ type: 'array' });
export const objectAnswer = answers({ type: 'object', additionalProperties: true });

export const schemaInsertBody = {
  type: 'object',
  required: ['name', 'crawl_type', 'schema'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 120 },
    crawl_type: { type: 'integer' },
    response_type: { type: 'string', enum: ['HTML', 'JSON'], default: 'HTML' },
    schema: schemaText,
  },
} as const;

export const schemaUpdateBody = {
  type: 'object',
  required: ['id', 'name', 'crawl_type', 'schema'],
  additionalProperties: false,
  properties: {
    id,
    name: { type: 'string', minLength: 1, maxLength: 120 },
    crawl_type: { type: 'integer' },
    schema: schemaText,
  },
} as const;

export const schemaTestBody = {
  type: 'object',
  required: ['channel_id', 'schema'],
  additionalProperties: false,
  properties: {
    channel_id: id,
    schema: schemaText,
    response_type: {
      type: 'string',
      enum: ['HTML', 'JSON'],
      description: "The schema's response type (the editor's)",
    },
  },
} as const;

/** Politeness bounds: at least one page at a time and one request a second, at most what one crawl's pool holds. */
export const politenessBody = {
  type: 'object',
  required: ['channel_id', 'concurrency', 'requests_per_second'],
  additionalProperties: false,
  properties: {
    channel_id: id,
    concurrency: { type: 'integer', minimum: 1, maximum: 64, description: 'Pages fetched at once' },
    requests_per_second: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      description: 'Requests per second to the channel, at most (politeness)',
    },
  },
} as const;

export const triggerBody = {
  type: 'object',
  required: ['channel_id'],
  additionalProperties: false,
  properties: {
    channel_id: id,
    crawl_type: { ...crawlType, default: 3 },
    crawl_date: date,
    trigger_type: {
      type: 'integer',
      enum: [0, 1, 2],
      default: 0,
      description: '0 product pages, 1 search (keyword result pages), 2 display (category listing pages)',
    },
  },
} as const;

export const runsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 10 },
    offset: { type: 'integer', minimum: 0, default: 0 },
    status: { type: 'integer', enum: [0, 1, 2, 3, 4, 5] },
    delay: {
      type: 'integer',
      enum: [30, 60, 90, 120],
      default: 120,
      description: 'Minutes back the monitor looks',
    },
  },
} as const;

export const runQuery = {
  type: 'object',
  required: ['run_id'],
  additionalProperties: false,
  properties: {
    run_id: id,
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
    offset: { type: 'integer', minimum: 0, default: 0 },
    failed_only: { type: 'boolean', default: false },
  },
} as const;
