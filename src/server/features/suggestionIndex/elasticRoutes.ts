import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, ServiceUnavailableError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { checkElasticTrigger, ELASTIC_MESSAGES } from '../../../shared/operations/elasticRules.js';
import { requireAdminActivity } from '../../access/auth/guards.js';
import { gridRowsQuery, objectAnswer } from '../../platform/http/schemaKit.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { enqueueElastic } from './elasticJob.js';
import { createElasticRun, elasticRunRows, finishElasticRun, unfinishedRun } from './elasticRuns.js';
import { indexSources } from './indexSources.js';
import { PROCESS_STATUS } from '../../../shared/crawl/crawlVocabulary.js';

/** The form's body as it comes: checked by checkElasticTrigger for the spec's messages. */
const triggerBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    source: { type: ['string', 'null'], maxLength: 64, description: 'A suggestion source, e.g. brand' },
    limit: { type: ['string', 'number', 'null'], maxLength: 32, description: 'Entries per batch' },
    time_interval: { type: ['string', 'number', 'null'], maxLength: 32, description: 'Crawl days covered' },
  },
} as const;

/** Triggers and runs live on the process monitor's Crawl tab (its activity). */
const ACTIVITY = ADMIN_ACTIVITIES.crawl.url;

/** The elastic trigger (a job re-indexing a suggestion source) and its runs. */
export function registerElasticRoutes(app: FastifyInstance, jobs: Jobs): void {
  const db = app.deps.store.db;

  app.post<{ Body: Record<string, unknown> | undefined }>(
    '/processmonitor/elastic/trigger',
    { schema: { body: triggerBody, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const checked = checkElasticTrigger(request.body ?? {});
      if (!checked.ok) throw new BadRequestError(checked.msg);
      const { source, limit, timeInterval } = checked.value;
      const sources = indexSources(app.deps.config.current());
      if (!sources.has(source))
        throw new BadRequestError(`Unknown source: one of ${[...sources.keys()].sort().join(', ')}`);
      // One rebuild of a source at a time per group: a second is refused, nothing queued.
      if ((await unfinishedRun(db, auth.groupId, source)) !== null)
        throw new ServiceUnavailableError(ELASTIC_MESSAGES.failed);
      const run = await createElasticRun(db, {
        groupId: auth.groupId,
        source,
        limit,
        intervalDays: timeInterval,
        userId: auth.userId,
      });
      await auditChange(db, {
        actor: auth.userId,
        groupId: auth.groupId,
        entity: 'elasticRun',
        entityId: run.id,
        action: 'create',
        after: { source, limit, time_interval: timeInterval },
      });
      if (!(await enqueueElastic(jobs, run))) {
        await finishElasticRun(db, run.id, { status: PROCESS_STATUS.failed, message: 'Not queued' });
        throw new ServiceUnavailableError(ELASTIC_MESSAGES.failed);
      }
      return ok({ id: run.id }, ELASTIC_MESSAGES.initiated);
    },
  );

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/processmonitor/elastic/runs/rows',
    { schema: { querystring: gridRowsQuery, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      return ok(await elasticRunRows(db, auth.groupId, request.query));
    },
  );
}
