/** JSON Schemas of the upload routes (for 400s before a handler runs, and /api/docs). */
import { idSchema } from '../../platform/http/ids.js';

const name = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,62}$' } as const;

export const uploadParams = {
  type: 'object',
  required: ['area', 'screen', 'upload'],
  additionalProperties: false,
  properties: { area: name, screen: name, upload: name },
} as const;

export const runParams = {
  ...uploadParams,
  required: [...uploadParams.required, 'runId'],
  // An integer column: past 2^31 the database would answer an out-of-range error (a 500).
  properties: { ...uploadParams.properties, runId: idSchema },
} as const;

export const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    offset: { type: 'integer', minimum: 0, default: 0 },
  },
} as const;

export const sliceQuery = {
  type: 'object',
  required: ['slice'],
  additionalProperties: false,
  properties: {
    slice: {
      type: 'string',
      maxLength: 2000,
      description: 'The slice as JSON, e.g. {"channel_id":1,"sale_date":"2026-10"}',
    },
  },
} as const;

/** Undo of a slice delete: the `undo_id` the delete answered. */
export const restoreBody = {
  type: 'object',
  required: ['undo_id'],
  additionalProperties: false,
  properties: { undo_id: idSchema },
} as const;

const envelope = (data: object) =>
  ({
    type: 'object',
    required: ['statusCode', 'msg'],
    additionalProperties: true,
    properties: { statusCode: { type: 'integer' }, msg: { type: 'string' }, data },
  }) as const;

export const fileAnswer = {
  200: { type: 'string', format: 'binary', description: 'An xlsx workbook' },
} as const;

export const listAnswer = {
  200: envelope({ type: 'array', items: { type: 'object', additionalProperties: true } }),
} as const;
export const objectAnswer = { 200: envelope({ type: 'object', additionalProperties: true }) } as const;

/** Multipart bodies are read by the handler (streaming), not parsed into `body`. */
export const multipartBody = {
  description: 'multipart/form-data with one file part (the sheet); the file never sits in memory whole',
} as const;
