import { answers } from '../http/schemaKit.js';

/** JSON Schemas of the report-mailer routes (400s before a handler runs; /api/docs). */
export const mailerBody = {
  type: 'object',
  required: ['name', 'reportType', 'recipients', 'cron', 'timeZone'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 120 },
    reportType: {
      type: 'string',
      pattern: '^[a-zA-Z0-9_/-]{1,200}$',
      description: "A screen's export endpoint, e.g. stock/data/export",
    },
    filters: {
      type: 'object',
      additionalProperties: { type: 'string', maxLength: 4000 },
      maxProperties: 60,
      default: {},
    },
    recipients: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
      items: { type: 'string', format: 'email', maxLength: 254 },
    },
    distribution: { type: 'string', enum: ['email'], default: 'email' },
    format: { type: 'string', enum: ['xlsx', 'csv'], default: 'xlsx' },
    cron: { type: 'string', minLength: 9, maxLength: 120, description: 'e.g. 0 9 * * 1' },
    timeZone: { type: 'string', minLength: 1, maxLength: 64, description: 'IANA zone, e.g. Asia/Kolkata' },
    status: { type: 'string', enum: ['Active', 'In-Active'], default: 'Active' },
  },
} as const;

export const mailerIdParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const mailerListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: 10000000, default: 0 },
  },
} as const;

export const objectAnswer = answers({ type: 'object', additionalProperties: true });
export const listAnswer = answers({ type: 'array', items: { type: 'object', additionalProperties: true } });
