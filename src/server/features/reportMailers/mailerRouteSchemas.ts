import { answers } from '../../platform/http/schemaKit.js';
import { fileIdParams } from '../reports/reportRouteSchemas.js';

/** JSON Schemas of the report-mailer routes (400s before a handler runs; /api/docs). */
export const mailerBody = {
  type: 'object',
  required: ['name', 'reportType', 'cron', 'timeZone'],
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
      minItems: 0,
      default: [],
      maxItems: 50,
      uniqueItems: true,
      description: 'E-mail addresses and group tags (`group:<id>`, from report-mailers/group-tags)',
      items: {
        type: 'string',
        maxLength: 254,
        anyOf: [{ format: 'email' }, { pattern: '^group:[1-9][0-9]{0,9}$' }],
      },
    },
    distribution: { type: 'string', enum: ['email', 'sftp', 'ftp', 'azure'], default: 'email' },
    target: {
      type: 'object',
      additionalProperties: false,
      default: {},
      description: 'sftp / ftp: host, port, username, path; azure: container, path',
      properties: {
        host: { type: 'string', minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.:-]+$' },
        port: { type: 'integer', minimum: 1, maximum: 65535 },
        username: { type: 'string', minLength: 1, maxLength: 128 },
        path: { type: 'string', maxLength: 500, pattern: '^[^\\\\]*$' },
        container: { type: 'string', pattern: '^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$' },
      },
    },
    secret: {
      type: 'string',
      minLength: 1,
      maxLength: 16000,
      writeOnly: true,
      description:
        'Password (sftp / ftp), OpenSSH private key (sftp) or connection string (azure); stored encrypted, never returned; omit to keep the stored one',
    },
    format: { type: 'string', enum: ['xlsx', 'csv'], default: 'xlsx' },
    cron: { type: 'string', minLength: 9, maxLength: 120, description: 'e.g. 0 9 * * 1' },
    timeZone: { type: 'string', minLength: 1, maxLength: 64, description: 'IANA zone, e.g. Asia/Kolkata' },
    status: { type: 'string', enum: ['Active', 'In-Active'], default: 'Active' },
  },
} as const;

// A mailer's id and the list's paging take the same shape as the report files' (reports module).
export {
  fileIdParams as mailerIdParams,
  listQuery as mailerListQuery,
} from '../reports/reportRouteSchemas.js';
// The open answer and a grid's paging are the route kit's.
export { gridRowsQuery, objectAnswer } from '../../platform/http/schemaKit.js';
import { gridRowsQuery } from '../../platform/http/schemaKit.js';

export const runIdParams = fileIdParams;

const idList = { type: 'string', pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,99}$' } as const;

/** The Report Mailer grid's page and its tag filters (comma-separated ids, as the filter bar sends them). */
export const mailerRowsQuery = {
  ...gridRowsQuery,
  properties: { ...gridRowsQuery.properties, group_ids: idList, user_ids: idList },
} as const;

export const runListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: {
      type: 'string',
      pattern: '^[1-4](,[1-4]){0,3}$',
      description: 'Delivery statuses, comma separated (1 Report Manager Success .. 4 Delivery Failed)',
    },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: 1000000, default: 0 },
  },
} as const;

export const statsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { days: { type: 'integer', minimum: 1, maximum: 366, default: 30 } },
} as const;

export const listAnswer = answers({ type: 'array', items: { type: 'object', additionalProperties: true } });

/** The screen's create / edit overlay: the mailer's fields, `id` when editing; the row's read-only fields ride along and are ignored. */
export const mailerSaveBody = {
  ...mailerBody,
  additionalProperties: true,
  properties: { ...mailerBody.properties, id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

/** A row action's body: the row's id. */
export const rowIdBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: true,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

/** The grid's bulk status actions: the ticked mailers and the status they all get. */
export const bulkStatusBody = {
  type: 'object',
  required: ['rows', 'status'],
  additionalProperties: false,
  properties: {
    rows: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['id'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer', minimum: 1, maximum: 2147483647 },
          updated_at: { type: 'string', maxLength: 64 },
        },
      },
    },
    status: { type: 'string', enum: ['Active', 'In-Active'] },
  },
} as const;
