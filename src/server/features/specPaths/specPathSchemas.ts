import { answers } from '../../platform/http/schemaKit.js';
import { fileAnswer, multipartBody, pageQuery } from '../uploads/uploadRouteSchemas.js';

/** A spec path answered by a generic route: its answer, documented here for /api/docs. */
export const aliasOf = (target: string) =>
  ({ summary: `The spec's path for ${target}: the same checks and answer`, response: answers() }) as const;

export const uploadAliasOf = (target: string) =>
  ({
    summary: `The spec's upload path for POST ${target}: the same checks, load and audit`,
    body: multipartBody,
    response: answers(),
  }) as const;

export const templateAliasOf = (target: string) =>
  ({ summary: `The spec's download path for GET ${target}/template`, response: fileAnswer }) as const;

export const mutationAliasOf = (target: string) =>
  ({
    summary: `The spec's form path for POST ${target}: the same body schema, messages and audit`,
    body: { type: 'object', description: "The mutation's fields (the config's form)" },
    response: answers(),
  }) as const;

export const errorExportSchema = {
  summary: "A promotion-plan upload's error workbook: the run named by runId, else the latest run's",
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { runId: { type: 'integer', minimum: 1 } },
  },
  response: fileAnswer,
} as const;

export const bulkStatusSchema = {
  summary: 'The bulk product adds (product data uploads) of the group, newest first',
  querystring: pageQuery,
  response: answers(),
} as const;

export const listSchema = (summary: string) => ({ summary, response: answers() }) as const;

export const keywordSearchSchema = {
  summary: "The group's products found in search results for keywords containing `keyword`",
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { keyword: { type: 'string', maxLength: 200 }, search: { type: 'string', maxLength: 200 } },
  },
  response: answers(),
} as const;
