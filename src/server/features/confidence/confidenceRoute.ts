import type { FastifyInstance } from 'fastify';
import { answers } from '../../platform/http/schemaKit.js';
import { ok } from '../../../shared/envelope.js';
import { NotFoundError } from '../../../shared/errors.js';
import { liveScope } from '../monitoring/configScope.js';
import { resolveTileQuery, tileQueryProperties } from '../insights/tileQuery.js';
import { parseDataRequest } from '../../language/query/dataRequest.js';
import { tileConfidence } from './tileConfidence.js';

interface ConfidenceRoute {
  Querystring: Record<string, string> & { screen: string; query: string };
}

const { screen, query } = tileQueryProperties("Id of the screen's query feeding the tiles");
const count = { type: 'integer' } as const;

const confidenceSchema = {
  summary: "The confidence of a KPI's figures: coverage, exclusions, freshness",
  description:
    "For a screen query of a crawled dataset (dataset coverage: crawl), under the screen's filters and dates: pages expected (loaded + missing), loaded (the dataset's rows), blocked (bot wall, captcha) and failed, both excluded and never counted as out of stock, coverage = loaded / expected x 100, the last product crawl that loaded rows and the newest day of rows (docs/metrics.md, Confidence). Scoped like the screen's data calls; a dataset that is not crawled is a 404.",
  querystring: {
    type: 'object',
    required: ['screen', 'query'],
    properties: {
      screen,
      query,
      start_date: { type: 'string', maxLength: 10 },
      end_date: { type: 'string', maxLength: 10 },
    },
    additionalProperties: { type: 'string', maxLength: 20000 },
  },
  response: answers({
    type: 'object',
    required: ['expected', 'loaded', 'blocked', 'failed', 'coverage', 'lastLoad', 'dataTo', 'leftOut'],
    properties: {
      expected: count,
      loaded: count,
      blocked: count,
      failed: count,
      coverage: { type: ['number', 'null'] },
      lastLoad: { type: ['string', 'null'] },
      dataTo: { type: ['string', 'null'] },
      leftOut: { type: 'array', items: { type: 'string' } },
    },
  }),
} as const;

/** GET /insights/confidence: the confidence mark of a screen query's KPI tiles. */
export function registerConfidenceRoute(app: FastifyInstance): void {
  const scope = liveScope(app);
  app.get<ConfidenceRoute>('/insights/confidence', { schema: confidenceSchema }, async (request) => {
    const { screen: screenKey, query: queryId, ...params } = request.query;
    const { ctx, groupId } = resolveTileQuery(scope, request, screenKey, queryId);
    if (ctx.dataset.config.coverage !== 'crawl')
      throw new NotFoundError(
        `Dataset "${ctx.dataset.config.id}" is not crawled: its figures have no coverage`,
      );
    const parsed = parseDataRequest(ctx, params);
    return ok(
      await tileConfidence(app.deps.warehouse, app.deps.store.db, ctx.dataset, {
        groupId,
        conditions: parsed.conditions,
        startDate: parsed.startDate,
        endDate: parsed.endDate,
      }),
    );
  });
}
