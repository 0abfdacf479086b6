import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { CRAWL_TYPES, LIVE_TRACKING_CRAWL, TRIGGER_TYPE } from '../../../shared/crawl/crawlVocabulary.js';
import { requireAdminActivity, requireUser } from '../../access/auth/guards.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { enqueueCrawl } from './crawlJob.js';
import { CrawlRepo } from './crawlRepo.js';
import { runView } from './runView.js';
import * as s from './crawlRouteSchemas.js';
import { auditChange } from '../../platform/store/auditRepo.js';

const PROCESS = ADMIN_ACTIVITIES.processStatus.url;

/** The process monitor's crawl calls: trigger a run (a job), list runs, read a run's page log. */
export function registerCrawlRunRoutes(app: FastifyInstance, jobs: Jobs): void {
  const repo = new CrawlRepo(app.deps.store.db);

  app.get('/crawl/types', { schema: { response: s.listAnswer } }, (request) => {
    requireUser(request);
    return ok(CRAWL_TYPES);
  });

  // The channels a crawl or a timing can name: the group's profiles (a marketplace added on
  // Platform Settings is listed as soon as its profile is saved), as `sourceSelect` choices.
  app.get('/crawl/channels', { schema: { response: s.listAnswer } }, async (request) => {
    const auth = requireUser(request);
    const profiles = await repo.profiles(auth.groupId);
    return ok(
      profiles.map((p) => ({
        value: p.channel_id,
        label: `${p.channel_name} (${p.platform === 'WEB' ? 'web' : 'app'}, ${p.response_type})`,
      })),
    );
  });

  app.post<{ Body: { channel_id: number; crawl_type: number; crawl_date?: string; trigger_type: number } }>(
    '/processmonitor/crawl/trigger',
    { schema: { body: s.triggerBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, PROCESS);
      const profile = await repo.profileOf(auth.groupId, request.body.channel_id);
      if (!profile) throw new BadRequestError('No channel profile for this channel');
      if (
        request.body.crawl_type === LIVE_TRACKING_CRAWL &&
        request.body.trigger_type !== TRIGGER_TYPE.productPages
      )
        throw new BadRequestError(
          'A Live Tracking crawl checks product pages: choose the Product Pages trigger',
        );
      const date = request.body.crawl_date ?? (await lastProductCrawl(app, auth.groupId));
      const run = await enqueueCrawl(repo, jobs, {
        groupId: auth.groupId,
        channelId: profile.channel_id,
        crawlType: request.body.crawl_type,
        triggerType: request.body.trigger_type,
        date,
      });
      await auditChange(app.deps.store.db, {
        actor: auth.userId,
        groupId: auth.groupId,
        entity: 'crawlRun',
        entityId: run.id,
        action: 'crawl.started',
        before: null,
        after: {
          channel_id: profile.channel_id,
          crawl_type: request.body.crawl_type,
          trigger_type: request.body.trigger_type,
          crawl_date: date,
        },
      });
      return ok(runView(run), 'Crawl initiated');
    },
  );

  app.get<{ Querystring: { limit: number; offset: number; status?: number; delay: number } }>(
    '/processmonitor/process_status',
    { schema: { querystring: s.runsQuery, response: s.listAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, PROCESS);
      const q = request.query;
      const runs = await repo.runs(auth.groupId, {
        limit: q.limit,
        offset: q.offset,
        status: q.status,
        sinceMinutes: q.delay,
      });
      return ok(runs.map(runView));
    },
  );

  app.get<{ Querystring: { run_id: number; limit: number; offset: number; failed_only: boolean } }>(
    '/processmonitor/crawl/logs',
    { schema: { querystring: s.runQuery, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, PROCESS);
      const run = await repo.runOf(auth.groupId, request.query.run_id);
      if (!run) throw new NotFoundError('page not found');
      const pages = await repo.pageLog(auth.groupId, run.id, {
        limit: request.query.limit,
        offset: request.query.offset,
        failedOnly: request.query.failed_only,
      });
      return ok({ run: runView(run), pages });
    },
  );
}

async function lastProductCrawl(app: FastifyInstance, groupId: number): Promise<string> {
  const [row] = await app.deps.warehouse.query<{ d: string }>(
    `SELECT last_crawl_date AS d FROM crawl_log WHERE group_id = $1 AND crawl_type = 'product'`,
    [groupId],
  );
  return row?.d ?? new Date().toISOString().slice(0, 10);
}
