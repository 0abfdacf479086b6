import { answers } from '../../platform/http/schemaKit.js';

/** JSON Schemas of the export-job and report-file routes (400s before a handler runs; /api/docs). */
export const exportBody = {
  type: 'object',
  required: ['endpoint'],
  additionalProperties: false,
  properties: {
    endpoint: {
      type: 'string',
      pattern: '^[a-zA-Z0-9_/-]{1,200}$',
      description: "A screen's export endpoint, e.g. stock/data/export",
    },
    params: {
      type: 'object',
      additionalProperties: { type: 'string', maxLength: 4000 },
      maxProperties: 60,
      description: "The screen's filters, as the grid's data call sends them",
    },
    format: { type: 'string', enum: ['xlsx', 'csv'], default: 'xlsx' },
    numberStyle: {
      type: 'string',
      enum: ['indian', 'international'],
      description: "The user menu's number style: how the workbook groups digits (default indian)",
    },
  },
} as const;

export const fileIdParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const fileQuery = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: 10000000, default: 0 },
  },
} as const;

export const fileAnswerSchema = {
  200: { type: 'string', format: 'binary', description: 'The report file (xlsx or csv)' },
} as const;

export const objectAnswer = answers({ type: 'object', additionalProperties: true });
export const listAnswer = answers({ type: 'array', items: { type: 'object', additionalProperties: true } });
