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

// A mailer's id and the list's paging take the same shape as the report files' (reports module).
export {
  fileIdParams as mailerIdParams,
  listQuery as mailerListQuery,
} from '../reports/reportRouteSchemas.js';

export const objectAnswer = answers({ type: 'object', additionalProperties: true });
export const listAnswer = answers({ type: 'array', items: { type: 'object', additionalProperties: true } });
