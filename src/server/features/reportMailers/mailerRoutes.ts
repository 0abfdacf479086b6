import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { requireAdminActivity } from '../../access/auth/guards.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { parseDataRequest } from '../../language/query/dataRequest.js';
import { exportContext } from '../reports/exportContext.js';
import { secretBox } from './delivery/deliverReport.js';
import { azureBlobHost } from './delivery/azureDelivery.js';
import { parseAllowList } from '../../platform/http/outbound/outboundPolicy.js';
import { checkOutboundAtSave } from '../../platform/http/outbound/resolveOutbound.js';
import { deliveryStats } from './deliveryStats.js';
import { groupRunView, mailerViews, oneMailerView, runView } from './mailerView.js';
import { auditedMailerWrite } from './auditedMailerWrite.js';
import { ReportMailerRepo, type MailerFields, type ReportMailerRow } from './reportMailerRepo.js';
import { attemptRun, runNaming } from './runMailer.js';
import { enqueueRun, syncMailerSchedule } from './mailerSchedule.js';
import { destinationOf } from './delivery/deliverReport.js';
import { schedulePreview } from './schedulePreview.js';
import * as s from './mailerRouteSchemas.js';
import { noBody } from '../../platform/http/schemaKit.js';
import { NOT_RETRIGGERABLE, registerMailerScreenRoutes } from './mailerScreenRoutes.js';
import { registerMailerFormRoutes } from './mailerFormRoutes.js';
import { mailerFieldMissing, mailerSchemaError } from './mailerFormMessages.js';
import {
  checkGroupTags,
  checkRecipientCount,
  expandRecipients,
  recipientsAtSend,
  splitRecipients,
} from './recipientGroups.js';
import type { ActiveAuth } from '../../access/auth/guards.js';

const ACTIVITY = ADMIN_ACTIVITIES.reportMailer.url;
export const NO_SUCH_MAILER = 'Report mailer not found';
export const NO_SUCH_RUN = 'Report delivery not found';
export const BAD_TIMING = 'Invalid cron expression or time zone';
/** A connection string that names no blob endpoint. */
export const BAD_AZURE = 'Enter valid Connection String';

/**
 * Report mailers of the caller's group (spec report/reportmailer): list (page size 20), create,
 * update, toggle Active/In-Active, dry run (builds the report, sends nothing), run now (a queue
 * job), the run log, the failed-delivery re-trigger and delivery stats. Another group's id is
 * simply not found; credentials are write-only.
 */
export function registerMailerRoutes(app: FastifyInstance, jobs: Jobs): void {
  const db = app.deps.store.db;
  const repo = new ReportMailerRepo(db);
  const deps = { ...app.deps, jobs };
  const box = secretBox(app.deps);

  /**
   * A bad report type, filter, cron, zone, target or group tag is refused now (400; 403 for another
   * tenant's group), not a failed delivery later. Group tags (`group:<id>`) leave the recipients
   * for `recipientGroups`.
   */
  async function checked(
    auth: ActiveAuth,
    body: MailerFields,
    stored?: ReportMailerRow,
  ): Promise<MailerFields> {
    const ctx = exportContext(app.deps.config.current(), body.reportType);
    parseDataRequest(ctx, body.filters);
    try {
      schedulePreview(body.cron, body.timeZone);
    } catch {
      throw new BadRequestError(BAD_TIMING);
    }
    const { emails, groupIds } = splitRecipients(body.recipients ?? []);
    await checkGroupTags(db, auth.userId, auth.groupId, groupIds);
    body = { ...body, recipients: emails, recipientGroups: groupIds };
    const hasSecret = body.secret !== undefined || Boolean(stored?.secret);
    const t = body.target ?? {};
    // What the distribution needs, in the form's words for the first field missing.
    const missing = (keyword: 'required' | 'minItems', ...path: string[]) =>
      mailerFieldMissing(
        app.deps.config.current(),
        body as unknown as Record<string, unknown>,
        keyword,
        path,
      );
    if (body.distribution === 'email' && emails.length + groupIds.length === 0)
      throw missing('minItems', 'recipients');
    if (body.distribution === 'email') checkRecipientCount(await expandRecipients(db, emails, groupIds));
    if (body.distribution === 'sftp' || body.distribution === 'ftp') {
      if (!t.host) throw missing('required', 'target', 'host');
      if (!t.username) throw missing('required', 'target', 'username');
    }
    if (body.distribution === 'azure' && !t.container) throw missing('required', 'target', 'container');
    if (body.distribution !== 'email' && !hasSecret) throw missing('required', 'secret');
    await checkDestination(body.distribution, t.host, body.secret);
    if (body.distribution !== 'email' && body.distribution !== 'azure' && !t.port)
      body.target = { ...t, port: body.distribution === 'sftp' ? 22 : 21 };
    return body;
  }

  /** The outbound policy at save: a private or loopback host is a 400 now, not a probe later. */
  async function checkDestination(
    distribution: string,
    host: string | undefined,
    secret: string | undefined,
  ) {
    const allow = parseAllowList(app.deps.env.OUTBOUND_ALLOW);
    if ((distribution === 'sftp' || distribution === 'ftp') && host) await checkOutboundAtSave(host, allow);
    if (distribution === 'azure' && secret !== undefined) {
      const blobHost = azureBlobHost(secret);
      if (!blobHost) throw new BadRequestError(BAD_AZURE);
      await checkOutboundAtSave(blobHost, allow);
    }
  }

  const sealed = (groupId: number, body: MailerFields) =>
    body.secret === undefined ? undefined : box.seal(body.secret, groupId);

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
      return ok(await mailerViews(db, rows));
    },
  );

  app.post<{ Body: MailerFields }>(
    '/report-mailers',
    { schema: { body: s.mailerBody, response: s.objectAnswer }, attachValidation: true },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      if (request.validationError) throw mailerSchemaError(app.deps.config.current(), request);
      const body = await checked(auth, request.body);
      const row = await auditedMailerWrite(db, auth, 'created', undefined, (r) =>
        r.create(auth.groupId, auth.userId, body, sealed(auth.groupId, body)),
      );
      if (!row) throw new NotFoundError(NO_SUCH_MAILER);
      await syncMailerSchedule(jobs, row);
      return ok(await oneMailerView(db, row));
    },
  );

  app.put<{ Params: { id: number }; Body: MailerFields }>(
    '/report-mailers/:id',
    {
      schema: { params: s.mailerIdParams, body: s.mailerBody, response: s.objectAnswer },
      attachValidation: true,
    },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      if (request.validationError) throw mailerSchemaError(app.deps.config.current(), request);
      const before = await mailerOf(auth.groupId, request.params.id);
      const body = await checked(auth, request.body, before);
      const row = await auditedMailerWrite(db, auth, 'edited', before, (r) =>
        r.update(auth.groupId, request.params.id, body, sealed(auth.groupId, body)),
      );
      if (!row) throw new NotFoundError(NO_SUCH_MAILER);
      await syncMailerSchedule(jobs, row);
      return ok(await oneMailerView(db, row));
    },
  );

  app.post<{ Params: { id: number } }>(
    '/report-mailers/:id/toggle',
    { schema: { body: noBody, params: s.mailerIdParams, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const before = await mailerOf(auth.groupId, request.params.id);
      const row = await auditedMailerWrite(db, auth, 'toggled', before, (r) =>
        r.toggle(auth.groupId, request.params.id),
      );
      if (!row) throw new NotFoundError(NO_SUCH_MAILER);
      await syncMailerSchedule(jobs, row);
      return ok(await oneMailerView(db, row));
    },
  );

  /** Dry run: builds the report now and says who would receive what; sends nothing. */
  app.post<{ Params: { id: number } }>(
    '/report-mailers/:id/dry-run',
    { schema: { body: noBody, params: s.mailerIdParams, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const mailer = await mailerOf(auth.groupId, request.params.id);
      const started = await repo.startRun(mailer, auth.userId, 'dry-run', `dry:${randomUUID()}`);
      const { run, file, subject, destination, recipients } = await attemptRun(deps, repo, mailer, started);
      return ok({
        run: runView(run),
        wouldSend: { distribution: mailer.distribution, recipients, subject, destination },
        file: file && {
          id: file.id,
          fileName: file.file_name,
          rows: file.rows,
          bytes: Number(file.bytes ?? 0),
        },
      });
    },
  );

  /** Run now: the run row (In Progress) is written, the queue builds and delivers it. */
  app.post<{ Params: { id: number } }>(
    '/report-mailers/:id/run',
    { schema: { body: noBody, params: s.mailerIdParams, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const mailer = await mailerOf(auth.groupId, request.params.id);
      const run = await repo.startRun(mailer, auth.userId, 'run', `run:${randomUUID()}`);
      await enqueueRun(jobs, run);
      const naming = runNaming(app.deps, mailer, run);
      // Who it reaches if it went now; the delivery expands the group tags again when it sends.
      const recipients = await recipientsAtSend(db, mailer);
      return ok({
        run: runView(run),
        wouldSend: {
          distribution: mailer.distribution,
          recipients,
          subject: naming.subject,
          destination: destinationOf({ ...mailer, recipients }, naming.remoteName),
        },
      });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/report-mailers/:id/runs',
    { schema: { params: s.mailerIdParams, response: s.listAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      await mailerOf(auth.groupId, request.params.id);
      return ok((await repo.runs(auth.groupId, request.params.id, 50)).map(runView));
    },
  );

  /** The group's run log across its mailers, optionally of some statuses (e.g. 4: the failed reports). */
  app.get<{ Querystring: { status?: string; limit: number; offset: number } }>(
    '/report-mailer-runs',
    { schema: { querystring: s.runListQuery, response: s.listAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const statuses = request.query.status ? request.query.status.split(',').map(Number) : [];
      const rows = await repo.groupRuns(auth.groupId, statuses, request.query.limit, request.query.offset);
      return ok(rows.map(groupRunView));
    },
  );

  /** Failed-reports re-trigger: the failed run goes back to the queue (its built report is reused). */
  app.post<{ Params: { id: number } }>(
    '/report-mailer-runs/:id/retrigger',
    { schema: { body: noBody, params: s.runIdParams, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      const existing = await repo.runOfGroup(auth.groupId, request.params.id);
      if (!existing) throw new NotFoundError(NO_SUCH_RUN);
      const run = await repo.retrigger(auth.groupId, request.params.id);
      if (!run) throw new BadRequestError(NOT_RETRIGGERABLE);
      await enqueueRun(jobs, run);
      return ok(runView(run));
    },
  );

  registerMailerScreenRoutes(app, { repo, jobs, deps, checked, sealed, mailerOf });
  registerMailerFormRoutes(app);

  app.get<{ Querystring: { days: number } }>(
    '/report-mailer-runs/stats',
    { schema: { querystring: s.statsQuery, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, ACTIVITY);
      return ok(await deliveryStats(repo, auth.groupId, request.query.days));
    },
  );
}
