import type { FastifyInstance } from 'fastify';
import { answers } from '../../platform/http/schemaKit.js';
import { ok } from '../../../shared/envelope.js';
import { NotFoundError } from '../../../shared/errors.js';
import { liveScope } from '../monitoring/configScope.js';
import { datasetOf, findScreen } from '../monitoring/screenAccess.js';
import { parseDataRequest } from '../../language/query/dataRequest.js';
import { stockoutWarnings } from './stockoutWarnings.js';

interface WarningsRoute {
  Params: { area: string; screen: string };
  Querystring: Record<string, string>;
}

const PAGING = new Set(['limit', 'offset', 'order_by', 'order_type']);
const name = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,62}$' } as const;

const warningsSchema = {
  summary: 'Quick-commerce stock-out early warnings of a screen',
  description:
    "The listing-cities whose dark-store share, fitted over the last crawl days up to end_date (Theil-Sen), reaches 0 within the dataset's stockoutWarning.warnWithinDays, ranked by baseline rupees a day (docs/metrics.md, Stock-out early warning). The screen's filters apply; scoped to the caller's group; a screen whose dataset declares no warning is a 404.",
  params: { type: 'object', required: ['area', 'screen'], properties: { area: name, screen: name } },
  querystring: {
    type: 'object',
    properties: {
      start_date: { type: 'string', maxLength: 10 },
      end_date: { type: 'string', maxLength: 10 },
      limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
      offset: { type: 'string', pattern: '^[0-9]{1,7}$' },
    },
    additionalProperties: { type: 'string', maxLength: 20000 },
  },
  response: answers({
    type: 'object',
    required: ['rows', 'total', 'days'],
    properties: {
      rows: { type: 'array', items: { type: 'object', additionalProperties: true } },
      total: { type: 'integer' },
      days: { type: 'array', items: { type: 'string' } },
    },
  }),
} as const;

/**
 * GET /insights/stockout-warnings/{area}/{screen}: a screen's warnings grid (`rows.endpoint`),
 * scoped like the screen's own data calls (the screen's activity, the caller's group, its filters
 * parsed by the same parser). Paged in memory: a tenant has hundreds of warnings at most.
 */
export function registerWarningsRoute(app: FastifyInstance): void {
  const scope = liveScope(app);
  app.get<WarningsRoute>(
    '/insights/stockout-warnings/:area/:screen',
    { schema: warningsSchema },
    async (request) => {
      const snapshot = scope.snapshot(request);
      const screen = findScreen(snapshot, `${request.params.area}/${request.params.screen}`);
      const auth = scope.authorize(request, screen);
      const dataset = datasetOf(snapshot, screen);
      if (!dataset.config.stockoutWarning)
        throw new NotFoundError(`Screen ${screen.permission} declares no stock-out warning`);
      const filters = Object.fromEntries(Object.entries(request.query).filter(([k]) => !PAGING.has(k)));
      const query = { kind: 'query' as const, id: 'stockoutWarnings', endpoint: 'x', measures: [] };
      const parsed = parseDataRequest({ screen, query, dataset }, filters);
      const answer = await stockoutWarnings(app.deps.warehouse, dataset, {
        groupId: auth.groupId,
        conditions: parsed.conditions,
        endDate: parsed.endDate,
      });
      const offset = Number(request.query.offset ?? 0);
      const limit = Number(request.query.limit ?? 20);
      return ok({
        rows: answer.rows.slice(offset, offset + limit),
        total: answer.rows.length,
        days: answer.days,
      });
    },
  );
}
