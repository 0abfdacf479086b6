import { auditMailer, auditedMailerWrite } from './auditedMailerWrite.js';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { requireAdminActivity, type ActiveAuth } from '../../access/auth/guards.js';
import type { Deps } from '../../platform/deps.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { deliveryStats } from './deliveryStats.js';
import { enqueueRun, syncMailerSchedule } from './mailerSchedule.js';
import { groupRunView, mailerViews, oneMailerView, runView } from './mailerView.js';
import { ReportMailerRepo, type MailerFields, type ReportMailerRow } from './reportMailerRepo.js';
import { attemptRun } from './runMailer.js';
import { mailerSchemaError } from './mailerFormMessages.js';
import { mailerTags } from './mailerTags.js';
import * as s from './mailerRouteSchemas.js';

const MAILERS = ADMIN_ACTIVITIES.reportMailer.url;
const STATUS_SCREEN = ADMIN_ACTIVITIES.reportStatus.url;
const DELIVERY_SCREEN = ADMIN_ACTIVITIES.reportDelivery.url;
export const NOT_RETRIGGERABLE = 'Only a failed delivery can be re-triggered';

interface Kit {
  repo: ReportMailerRepo;
  jobs: Jobs;
  deps: Deps & { jobs: Jobs };
  checked(auth: ActiveAuth, body: MailerFields, stored?: ReportMailerRow): Promise<MailerFields>;
  sealed(groupId: number, body: MailerFields): string | undefined;
  mailerOf(groupId: number, id: number): Promise<ReportMailerRow>;
}

type Paging = { Querystring: { limit: number; offset: number } };
type IdBody = { Body: { id: number } };

const FIELDS = [
  'name',
  'reportType',
  'filters',
  'recipients',
  'distribution',
  'target',
  'secret',
  'format',
  'cron',
  'timeZone',
  'status',
] as const;

/**
 * The routes the config screens call (report/reportmailer, processmonitor/report_status,
 * processmonitor/report_delivery): grids read `{ rows, total }` pages (`rows.endpoint`), the
 * overlay form saves with the id in the body, row actions send the row's id. Same repo, checks
 * and group scope as the REST routes beside them.
 */
export function registerMailerScreenRoutes(app: FastifyInstance, kit: Kit): void {
  const { repo, jobs } = kit;

  app.get<{ Querystring: { limit: number; offset: number; group_ids?: string; user_ids?: string } }>(
    '/report-mailers/rows',
    { schema: { querystring: s.mailerRowsQuery, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, MAILERS);
      const { limit, offset } = request.query;
      const tags = await mailerTags(app.deps.store.db, auth.groupId, request.query);
      const [rows, total] = await Promise.all([
        repo.list(auth.groupId, limit, offset, tags),
        repo.count(auth.groupId, tags),
      ]);
      return ok({ rows: await mailerViews(app.deps.store.db, rows), total });
    },
  );

  app.post<{ Body: MailerFields & { id?: number } }>(
    '/report-mailers/save',
    { schema: { body: s.mailerSaveBody, response: s.objectAnswer }, attachValidation: true },
    async (request) => {
      const auth = requireAdminActivity(request, MAILERS);
      // The form's own messages, not the validator's (the form shows the same words).
      if (request.validationError) throw mailerSchemaError(app.deps.config.current(), request);
      const { id } = request.body;
      const fields = Object.fromEntries(
        FIELDS.filter((f) => request.body[f] !== undefined).map((f) => [f, request.body[f]]),
      ) as unknown as MailerFields;
      const stored = id ? await kit.mailerOf(auth.groupId, id) : undefined;
      const body = await kit.checked(auth, fields, stored);
      const db = app.deps.store.db;
      const sealed = kit.sealed(auth.groupId, body);
      const row = stored
        ? await auditedMailerWrite(db, auth, 'edited', stored, (r) =>
            r.update(auth.groupId, stored.id, body, sealed),
          )
        : await auditedMailerWrite(db, auth, 'created', undefined, (r) =>
            r.create(auth.groupId, auth.userId, body, sealed),
          );
      if (!row) throw new NotFoundError('Report mailer not found');
      await syncMailerSchedule(jobs, row);
      const view = await oneMailerView(app.deps.store.db, row);
      return ok(view, `Report mailer saved: ${view.timing}`);
    },
  );

  app.post<IdBody>(
    '/report-mailers/toggle',
    { schema: { body: s.rowIdBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, MAILERS);
      const before = await kit.mailerOf(auth.groupId, request.body.id);
      const row = await auditedMailerWrite(app.deps.store.db, auth, 'toggled', before, (r) =>
        r.toggle(auth.groupId, request.body.id),
      );
      if (!row) throw new NotFoundError('Report mailer not found');
      await syncMailerSchedule(jobs, row);
      return ok(await oneMailerView(app.deps.store.db, row), `${row.name} is now ${row.status}`);
    },
  );

  /**
   * Active / In-Active for the ticked mailers (the grid's bulk actions): every mailer of the
   * caller's group (else 404, nothing written), one transaction with an audit entry each, then
   * their schedules follow.
   */
  app.post<{ Body: { rows: { id: number }[]; status: 'Active' | 'In-Active' } }>(
    '/report-mailers/bulk-status',
    { schema: { body: s.bulkStatusBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, MAILERS);
      const { rows, status } = request.body;
      const ids = [...new Set(rows.map((r) => r.id))];
      const befores = await Promise.all(ids.map((id) => kit.mailerOf(auth.groupId, id)));
      const written = await app.deps.store.db.transaction().execute(async (tx) => {
        const txRepo = new ReportMailerRepo(tx);
        const out = [];
        for (const before of befores) {
          const row = (await txRepo.setStatus(auth.groupId, before.id, status))!;
          await auditMailer(tx, auth, 'toggled', before, row);
          out.push(row);
        }
        return out;
      });
      for (const row of written) await syncMailerSchedule(jobs, row);
      return ok({ changed: written.length }, `${written.length} report mailers are now ${status}`);
    },
  );

  /** Dry run from the grid: the answer's message says who would receive what. */
  app.post<IdBody>(
    '/report-mailers/dry-run',
    { schema: { body: s.rowIdBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, MAILERS);
      const mailer = await kit.mailerOf(auth.groupId, request.body.id);
      const started = await repo.startRun(mailer, auth.userId, 'dry-run', `dry:${randomUUID()}`);
      const { run, file, destination } = await attemptRun(kit.deps, repo, mailer, started);
      if (!file || run.status !== 1) throw new BadRequestError(run.error ?? 'The report could not be built');
      return ok(
        { run: runView(run), destination, rows: file.rows, fileName: file.file_name },
        `Dry run: ${file.file_name} (${file.rows} rows) would go to ${destination}. Nothing was sent.`,
      );
    },
  );

  app.post<IdBody>(
    '/report-mailers/run-now',
    { schema: { body: s.rowIdBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, MAILERS);
      const mailer = await kit.mailerOf(auth.groupId, request.body.id);
      const run = await repo.startRun(mailer, auth.userId, 'run', `run:${randomUUID()}`);
      await enqueueRun(jobs, run);
      return ok(runView(run), `${mailer.name} is being delivered (run ${run.id})`);
    },
  );

  for (const [route, activity, deliveriesOnly] of [
    ['/report-mailer-runs/rows', STATUS_SCREEN, false],
    ['/report-mailer-runs/deliveries/rows', DELIVERY_SCREEN, true],
  ] as const)
    app.get<Paging>(
      route,
      { schema: { querystring: s.gridRowsQuery, response: s.objectAnswer } },
      async (request) => {
        const auth = requireAdminActivity(request, activity);
        const { limit, offset } = request.query;
        const [rows, total] = await Promise.all([
          repo.groupRuns(auth.groupId, [], limit, offset, deliveriesOnly),
          repo.countRuns(auth.groupId, [], deliveriesOnly),
        ]);
        return ok({ rows: rows.map(groupRunView), total });
      },
    );

  /** Failed-reports re-trigger from the delivery screen (the row's id). */
  app.post<IdBody>(
    '/report-mailer-runs/retrigger',
    { schema: { body: s.rowIdBody, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, DELIVERY_SCREEN);
      if (!(await repo.runOfGroup(auth.groupId, request.body.id)))
        throw new NotFoundError('Report delivery not found');
      const run = await repo.retrigger(auth.groupId, request.body.id);
      if (!run) throw new BadRequestError(NOT_RETRIGGERABLE);
      await enqueueRun(jobs, run);
      return ok(runView(run), `Delivery ${run.id} re-triggered`);
    },
  );

  /** Delivery stats, one row per distribution and a Total row, for a grid. */
  app.get(
    '/report-mailer-runs/stats/rows',
    { schema: { querystring: s.gridRowsQuery, response: s.objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, DELIVERY_SCREEN);
      const stats = await deliveryStats(repo, auth.groupId, 30);
      const rows = [
        ...Object.entries(stats.byDistribution).map(([distribution, c]) => ({ distribution, ...c })),
        { distribution: 'Total (30 days)', ...stats.total },
      ];
      return ok({ rows, total: rows.length });
    },
  );
}
