import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES as A } from '../../../shared/admin/adminActivities.js';
import { requireAdminActivity } from '../../access/auth/guards.js';
import { gridRowsQuery, objectAnswer } from '../../platform/http/schemaKit.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { purgeQueue, QUEUE_NAMES, queueStatus } from './queueStatus.js';
import { channelTracking, crawlKpis, inputAnalysis } from './crawlStats.js';
import { athenaStatus, sellerStatus, vendorStatus } from './statusScreens.js';
import { crawlCoverage, crawlSessions } from './crawlCoverageStats.js';
import { auditChange } from '../../platform/store/auditRepo.js';

/** What a grid with `rows.endpoint` sends: paging (and a sort these grids do not offer). */
const purgeBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: true,
  properties: { id: { type: 'string', maxLength: 64, description: 'The queue name' } },
} as const;
type Paging = { Querystring: { limit: number; offset: number } };

/** KPI window of the Crawl Status screen. */
const KPI_DAYS = 30;

/** The Crawl Status reads: a grid's paging and the screen's Status filter (run statuses, comma-separated). */
const crawlKpiQuery = {
  ...gridRowsQuery,
  properties: {
    ...gridRowsQuery.properties,
    status: {
      type: 'string',
      pattern: '^[0-6](,[0-6]){0,6}$',
      description:
        'Only runs of these statuses (0 Mismatch, 1 In Progress, 2 Success, 3 No Data, 4 Failed, 5 Waiting, 6 Blocked)',
    },
  },
} as const;
type KpiQuery = { Querystring: { status?: string } };

/** The operations screens' store reads (one grid each) and the queue purge. */
export function registerOperationsScreenRoutes(app: FastifyInstance, jobs: Jobs): void {
  const db = app.deps.store.db;
  const all = <T>(rows: T[]) => ok({ rows, total: rows.length });

  app.get(
    '/processmonitor/queue_status/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) => all(await queueStatus(db, requireAdminActivity(request, A.queueStatus.url).groupId)),
  );

  app.post<{ Body: { id: string } }>(
    '/processmonitor/queue/purge',
    { schema: { body: purgeBody, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, A.queueStatus.url);
      if (!QUEUE_NAMES.includes(request.body.id)) throw new BadRequestError('Unknown queue');
      const purged = await purgeQueue(db, jobs, auth.groupId, request.body.id);
      await auditChange(db, {
        actor: auth.userId,
        groupId: auth.groupId,
        entity: 'queue',
        entityId: 0,
        action: 'queue.purged',
        before: null,
        after: { queue: request.body.id, purged },
      });
      return ok({ purged }, `${purged} waiting job${purged === 1 ? '' : 's'} purged from ${request.body.id}`);
    },
  );

  // The grid (per channel) and its tiles (the total) from one query, under the same filter.
  const kpis = (request: FastifyRequest<KpiQuery>) =>
    crawlKpis(
      db,
      requireAdminActivity(request, A.crawlKpi.url).groupId,
      KPI_DAYS,
      request.query.status?.split(',').map(Number),
    );
  app.get<KpiQuery>(
    '/crawl_status/kpi/rows',
    { schema: { querystring: crawlKpiQuery, response: objectAnswer } },
    async (request) => all((await kpis(request)).channels),
  );
  app.get<KpiQuery>(
    '/crawl_status/kpi/summary',
    { schema: { querystring: crawlKpiQuery, response: objectAnswer } },
    async (request) => all([(await kpis(request)).total]),
  );

  app.get<Paging>(
    '/changehistory/input_analysis/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, A.inputAnalysis.url);
      return ok(await inputAnalysis(db, auth.groupId, request.query));
    },
  );

  // Crawling Logs: coverage per channel and city of each crawled day, and the latest crawls' sessions.
  app.get<Paging>(
    '/processmonitor/crawl/coverage/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, A.crawlLogs.url);
      return ok(await crawlCoverage(db, app.deps.warehouse, auth.groupId, request.query));
    },
  );
  app.get<Paging>(
    '/processmonitor/crawl/sessions/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, A.crawlLogs.url);
      return ok(await crawlSessions(db, app.deps.warehouse, auth.groupId, request.query));
    },
  );

  app.get(
    '/settings/channeltrackingstatus/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) =>
      all(await channelTracking(db, requireAdminActivity(request, A.channelTrackingStatus.url).groupId)),
  );

  app.get(
    '/processmonitor/vendor_status/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) =>
      all(
        await vendorStatus(db, app.deps.warehouse, requireAdminActivity(request, A.vendorStatus.url).groupId),
      ),
  );

  app.get(
    '/processmonitor/seller_status/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) =>
      all(
        await sellerStatus(db, app.deps.warehouse, requireAdminActivity(request, A.sellerStatus.url).groupId),
      ),
  );

  app.get<Paging>(
    '/processmonitor/athena_status/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, A.athenaStatus.url);
      return ok(await athenaStatus(db, auth.groupId, request.query));
    },
  );
}
