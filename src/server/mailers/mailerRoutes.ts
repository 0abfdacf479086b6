import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../shared/errors.js';
import { ADMIN_ACTIVITIES } from '../../shared/admin/adminActivities.js';
import { requireAdminActivity } from '../auth/guards.js';
import type { Jobs } from '../jobs/jobs.js';
import { parseDataRequest } from '../query/dataRequest.js';
import { exportContext } from '../reports/exportContext.js';
import { mailerView, runView } from './mailerView.js';
import { ReportMailerRepo, type MailerFields } from './reportMailerRepo.js';
import { runMailer } from './runMailer.js';
import { syncMailerSchedule } from './mailerSchedule.js';
import { schedulePreview } from './schedulePreview.js';
import * as s from './mailerRouteSchemas.js';

const ACTIVITY = ADMIN_ACTIVITIES.reportMailer.url;
export const NO_SUCH_MAILER = 'Report mailer not found';
export const BAD_TIMING = 'Invalid cron expression or time zone';

/**
 * Report mailers of the caller's group (spec report/reportmailer): list (page size 20), create,
 * update, toggle Active/In-Active, dry run (builds the report, sends nothing), run now (builds
 * and e-mails it) and the run log. Another group's id is simply not found.
 */
export function registerMailerRoutes(app: FastifyInstance, jobs: Jobs): void {
  const repo = new ReportMailerRepo(app.deps.store.db);
  const deps = { ...app.deps, jobs };

  /** A bad report type, filter, cron or zone is a 400 now, not a failed delivery later. */
  function checked(body: MailerFields): MailerFields {
    const ctx = exportContext(app.deps.config.current(), body.reportType);
    parseDataRequest(ctx, body.filters);
    try {
      schedulePreview(body.cron, body.timeZone);
    } catch {
      throw new BadRequestError(BAD_TIMING);
    }
    return body;
  }

  async function mailerOf(groupId: number, id: number) {
    const mailer = await repo.ofGroup(groupId, id);
    if (!mailer) throw new NotFoundError(NO_SUCH_MAILER);
    return mailer;
  }

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/report-mailers',
    { schema: { querystring: s.mailerListQuery, response: s.listAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const rows = await repo.list(auth.groupId, request.query.limit, request.query.offset);
      return ok(rows.map(mailerView));
    },
  );

  app.post<{ Body: MailerFields }>(
    '/report-mailers',
    { schema: { body: s.mailerBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const row = await repo.create(auth.groupId, auth.userId, checked(request.body));
      await syncMailerSchedule(jobs, row);
      return ok(mailerView(row));
    },
  );

  app.put<{ Params: { id: number }; Body: MailerFields }>(
    '/report-mailers/:id',
    { schema: { params: s.mailerIdParams, body: s.mailerBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const row = await repo.update(auth.groupId, request.params.id, checked(request.body));
      if (!row) throw new NotFoundError(NO_SUCH_MAILER);
      await syncMailerSchedule(jobs, row);
      return ok(mailerView(row));
    },
  );

  app.post<{ Params: { id: number } }>(
    '/report-mailers/:id/toggle',
    { schema: { params: s.mailerIdParams, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const row = await repo.toggle(auth.groupId, request.params.id);
      if (!row) throw new NotFoundError(NO_SUCH_MAILER);
      await syncMailerSchedule(jobs, row);
      return ok(mailerView(row));
    },
  );

  for (const [route, dryRun] of [
    ['dry-run', true],
    ['run', false],
  ] as const) {
    app.post<{ Params: { id: number } }>(
      `/report-mailers/:id/${route}`,
      { schema: { params: s.mailerIdParams, response: s.objectAnswer } },
      async (request) => {
        const auth = requireAdminActivity(request, ACTIVITY);
        const mailer = await mailerOf(auth.groupId, request.params.id);
        const { run, file, subject } = await runMailer(deps, repo, mailer, auth.userId, dryRun);
        return ok({
          run: runView(run),
          wouldSend: { distribution: mailer.distribution, recipients: mailer.recipients, subject },
          file: { id: file.id, fileName: file.file_name, rows: file.rows, bytes: Number(file.bytes ?? 0) },
        });
      },
    );
  }

  app.get<{ Params: { id: number } }>(
    '/report-mailers/:id/runs',
    { schema: { params: s.mailerIdParams, response: s.listAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      await mailerOf(auth.groupId, request.params.id);
      return ok((await repo.runs(auth.groupId, request.params.id, 50)).map(runView));
    },
  );
}
