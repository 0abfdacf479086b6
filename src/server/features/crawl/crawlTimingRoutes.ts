import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { requireAdminActivity } from '../../access/auth/guards.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { CrawlRepo } from './crawlRepo.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import {
  cronProblem,
  dropCrawlSchedule,
  runScheduledCrawl,
  syncCrawlSchedule,
  timingsDb,
  type CrawlTimingRow,
} from './crawlTimings.js';
import { listAnswer, objectAnswer } from './crawlRouteSchemas.js';

const TIMINGS = ADMIN_ACTIVITIES.crawlTimings.url;
const idBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
const createBody = {
  type: 'object',
  required: ['channel_id', 'cron'],
  additionalProperties: false,
  properties: {
    channel_id: { type: 'integer', minimum: 1, maximum: 100000 },
    cron: { type: 'string', minLength: 1, maxLength: 100 },
    time_zone: { type: 'string', minLength: 1, maxLength: 64, default: 'Asia/Kolkata' },
    /** 4 Scheduled (the channel's day) or 5 Live Tracking (the live-tracking list). */
    crawl_type: { type: 'integer', enum: [4, 5], default: 4 },
  },
} as const;

/** `crawl/timings`: a group's crawl schedules; each write puts its pg-boss schedule in line. */
export function registerCrawlTimingRoutes(app: FastifyInstance, jobs: Jobs): void {
  const db = timingsDb(app.deps.store.db);
  const repo = new CrawlRepo(app.deps.store.db);
  const owned = async (groupId: number, id: number): Promise<CrawlTimingRow> => {
    const row = await db
      .selectFrom('crawl_timings')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError('Crawl timing not found');
    return row;
  };

  app.get('/crawl/timings', { schema: { response: listAnswer } }, async (request) => {
    const auth = requireAdminActivity(request, TIMINGS);
    return ok(
      await db
        .selectFrom('crawl_timings')
        .selectAll()
        .where('group_id', '=', auth.groupId)
        .orderBy('id')
        .execute(),
    );
  });

  // Every timing change lands in Client Logs with the group, before and after.
  const logged = (
    auth: { userId: number; groupId: number },
    id: number,
    action: string,
    before: unknown,
    after: unknown,
  ) =>
    auditChange(app.deps.store.db, {
      actor: auth.userId,
      groupId: auth.groupId,
      entity: 'crawlTiming',
      entityId: id,
      action,
      before,
      after,
    });

  app.post<{ Body: { channel_id: number; cron: string; time_zone: string; crawl_type: number } }>(
    '/crawl/timings',
    { schema: { body: createBody, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, TIMINGS);
      const { channel_id: channelId, time_zone: timeZone } = request.body;
      const cron = request.body.cron.trim().replace(/\s+/g, ' ');
      const problem = cronProblem(cron, timeZone);
      if (problem) throw new BadRequestError(problem);
      if (!(await repo.profileOf(auth.groupId, channelId)))
        throw new BadRequestError('No channel profile for this channel');
      const row = await db
        .insertInto('crawl_timings')
        .values({
          group_id: auth.groupId,
          channel_id: channelId,
          cron,
          time_zone: timeZone,
          crawl_type: request.body.crawl_type,
        })
        .onConflict((c) => c.constraint('crawl_timings_group_channel_cron_type').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new BadRequestError('This channel already has this crawl timing.');
      await syncCrawlSchedule(jobs, row);
      await logged(auth, row.id, 'crawlTiming.added', null, row);
      return ok(row, 'Crawl Timing Added Successfully');
    },
  );

  app.post<{ Body: { id: number } }>(
    '/crawl/timings/status',
    { schema: { body: idBody, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, TIMINGS);
      const row = await owned(auth.groupId, request.body.id);
      const next = await db
        .updateTable('crawl_timings')
        .set({ status: row.status === 'Active' ? 'In-Active' : 'Active', updated_at: new Date() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await syncCrawlSchedule(jobs, next);
      await logged(auth, row.id, 'crawlTiming.status', { status: row.status }, { status: next.status });
      return ok(next, `Crawl Timing ${next.status}`);
    },
  );

  app.post<{ Body: { id: number } }>(
    '/crawl/timings/run',
    { schema: { body: idBody, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, TIMINGS);
      const row = await owned(auth.groupId, request.body.id);
      const runId = await runScheduledCrawl({ ...app.deps, jobs }, row.id);
      if (runId === null) throw new BadRequestError('Only an Active timing of a profiled channel runs.');
      await logged(auth, row.id, 'crawl.started', null, { crawl_timing_id: row.id, run_id: runId });
      return ok({ run_id: runId }, 'Crawl initiated');
    },
  );

  app.post<{ Body: { id: number } }>(
    '/crawl/timings/delete',
    { schema: { body: idBody, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, TIMINGS);
      const row = await owned(auth.groupId, request.body.id);
      await db.deleteFrom('crawl_timings').where('id', '=', row.id).execute();
      await dropCrawlSchedule(jobs, row.id);
      await logged(auth, row.id, 'crawlTiming.deleted', row, null);
      return ok({ id: row.id }, 'Crawl Timing Deleted Successfully');
    },
  );
}
