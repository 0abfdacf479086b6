import type { FastifyInstance } from 'fastify';
import type { DatasetConfig } from '../../../shared/config.gen.js';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { requireAdminActivity, requireUser } from '../../access/auth/guards.js';
import { answers, noBody } from '../../platform/http/schemaKit.js';
import { ALERT_KIND_IDS, ALERT_KINDS, type AnomalyWatch } from './alertKinds.js';
import { watchProblem } from './anomalyFinder.js';
import { AlertRepo, type AlertRuleRow } from './alertRepo.js';
import { queueEvaluation } from './alertJobs.js';
import {
  downloadAnswer,
  downloadFormat,
  DOWNLOAD_FORMATS,
  sendRowsDownload,
} from '../monitoring/rowsDownload.js';

/** Alerts a download holds at most (newest first); the list on screen pages through the same. */
const EXPORT_ALERTS = 100_000;

const RULES = ADMIN_ACTIVITIES.alertRules.url;
export const NO_SUCH_RULE = 'Alert rule not found';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id },
} as const;
const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: 1000000, default: 0 },
  },
} as const;
const ruleBody = {
  type: 'object',
  required: ['kind', 'name'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ALERT_KIND_IDS },
    name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
    // null first: with type coercion a null would otherwise pass the number branch as 0.
    channelId: { anyOf: [{ type: 'null' }, id] },
    threshold: { anyOf: [{ type: 'null' }, { type: 'number', minimum: 0, maximum: 100 }] },
    recipients: {
      type: 'array',
      maxItems: 50,
      uniqueItems: true,
      items: { type: 'string', format: 'email', maxLength: 200 },
    },
    // An anomaly rule's measure: a dataset's measure per member of one of its column dimensions.
    watch: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['dataset', 'measure', 'by'],
          additionalProperties: false,
          properties: {
            dataset: { type: 'string', minLength: 1, maxLength: 80 },
            measure: { type: 'string', minLength: 1, maxLength: 80 },
            by: { type: 'string', minLength: 1, maxLength: 80 },
          },
        },
      ],
    },
  },
} as const;
/** An edit: the whole rule as the form shows it, and the version it was read at. */
const editBody = {
  ...ruleBody,
  required: [...ruleBody.required, 'status', 'updatedAt'],
  properties: {
    ...ruleBody.properties,
    status: { type: 'string', enum: ['Active', 'In-Active'] },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;
const readBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ids: { type: 'array', maxItems: 500, items: id } },
} as const;
const objectAnswer = answers({ type: 'object', additionalProperties: true });
const listAnswer = answers({ type: 'array', items: { type: 'object', additionalProperties: true } });

interface RuleBody {
  kind: keyof typeof ALERT_KINDS;
  name: string;
  channelId?: number | null;
  threshold?: number | null;
  recipients?: string[];
  watch?: AnomalyWatch | null;
}
interface EditBody extends RuleBody {
  status: 'Active' | 'In-Active';
  updatedAt: string;
}

/** An anomaly rule's watch, checked against the config; the other kinds watch nothing of it. */
function watchOf(b: RuleBody, datasets: ReadonlyMap<string, DatasetConfig>): AnomalyWatch | null {
  if (b.kind !== 'anomaly') return null;
  if (!b.watch)
    throw new BadRequestError('An anomaly rule needs a dataset, a measure and a dimension to watch');
  const problem = watchProblem(b.watch, datasets);
  if (problem) throw new BadRequestError(problem);
  return b.watch;
}

function ruleView(rule: AlertRuleRow) {
  return {
    id: rule.id,
    kind: rule.kind,
    kindLabel: ALERT_KINDS[rule.kind as keyof typeof ALERT_KINDS]?.label ?? rule.kind,
    name: rule.name,
    channelId: rule.channel_id,
    threshold: rule.threshold,
    recipients: rule.recipients,
    watch: rule.watch ? (JSON.parse(rule.watch) as AnomalyWatch) : null,
    status: rule.status,
    updatedAt: rule.updated_at.toISOString(),
  };
}

/**
 * Alerts of the caller's group (any user of it reads them and keeps their own read marks) and its
 * alert rules (the Alerts activity manages them). Another group's id is simply not found.
 */
export function registerAlertRoutes(app: FastifyInstance): void {
  const repo = new AlertRepo(app.deps.store.db);
  // A rule saved or switched on is evaluated against the latest load at once, so the admin sees
  // what it catches now rather than after the next load (duplicates are dropped as ever).
  const evaluateSoon = async (rule: AlertRuleRow) => {
    if (rule.status === 'Active' && app.deps.jobs) await queueEvaluation(app.deps.jobs, rule.group_id);
  };

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/alerts',
    { schema: { querystring: pageQuery, response: listAnswer } },
    async (request) => {
      const auth = requireUser(request);
      const rows = await repo.list(auth.groupId, auth.userId, request.query.limit, request.query.offset);
      return ok(
        rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          title: r.title,
          message: r.message,
          observedOn: r.observed_on,
          createdAt: r.created_at,
          read: r.read_at !== null,
        })),
      );
    },
  );

  // The alert list as a file (xlsx or CSV): every alert of the group, with this user's read mark.
  app.get<{ Querystring: { format?: string } }>(
    '/alerts/export',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { format: { type: 'string', enum: [...DOWNLOAD_FORMATS] } },
        },
        response: downloadAnswer,
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const format = downloadFormat(request.query.format);
      const rows = await repo.list(auth.groupId, auth.userId, EXPORT_ALERTS, 0);
      return sendRowsDownload(reply, {
        format,
        name: 'alerts',
        sheet: 'Alerts',
        columns: [
          { field: 'observed_on', header: 'Observed On', format: 'date' },
          { field: 'title', header: 'Alert' },
          { field: 'message', header: 'Message' },
          { field: 'kind', header: 'Kind' },
          { field: 'read', header: 'Read' },
        ],
        rows: rows.map((r) => ({ ...r, read: r.read_at === null ? 'No' : 'Yes' })),
      });
    },
  );

  app.get('/alerts/unread', { schema: { response: objectAnswer } }, async (request) => {
    const auth = requireUser(request);
    return ok({ unread: await repo.unreadCount(auth.groupId, auth.userId) });
  });

  app.post<{ Body: { ids?: number[] } }>(
    '/alerts/read',
    { schema: { body: readBody, response: objectAnswer } },
    async (request) => {
      const auth = requireUser(request);
      const marked = await repo.markRead(auth.groupId, auth.userId, request.body.ids);
      return ok({ marked, unread: await repo.unreadCount(auth.groupId, auth.userId) });
    },
  );

  app.get('/alert-rules', { schema: { response: listAnswer } }, async (request) => {
    const auth = requireAdminActivity(request, RULES);
    return ok((await repo.rules(auth.groupId)).map(ruleView));
  });

  app.get('/alert-rules/kinds', { schema: { response: listAnswer } }, (request) => {
    requireAdminActivity(request, RULES);
    return ok(ALERT_KIND_IDS.map((k) => ({ id: k, ...ALERT_KINDS[k] })));
  });

  app.post<{ Body: RuleBody }>(
    '/alert-rules',
    { schema: { body: ruleBody, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, RULES);
      const b = request.body;
      const rule = await repo.createRule({
        groupId: auth.groupId,
        kind: b.kind,
        name: b.name.trim(),
        channelId: b.channelId ?? null,
        threshold: b.threshold ?? ALERT_KINDS[b.kind].threshold,
        recipients: b.recipients ?? [],
        createdBy: auth.userId,
        watch: watchOf(b, app.deps.config.current().datasets),
      });
      await evaluateSoon(rule);
      return ok(ruleView(rule), 'Alert rule saved');
    },
  );

  app.put<{ Params: { id: number }; Body: EditBody }>(
    '/alert-rules/:id',
    { schema: { params: idParams, body: editBody, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, RULES);
      const b = request.body;
      const result = await repo.updateRule(auth.groupId, request.params.id, new Date(b.updatedAt), {
        kind: b.kind,
        name: b.name.trim(),
        channelId: b.channelId ?? null,
        threshold: b.threshold ?? ALERT_KINDS[b.kind].threshold,
        recipients: b.recipients ?? [],
        watch: watchOf(b, app.deps.config.current().datasets),
        status: b.status,
      });
      if (result.kind !== 'written')
        throw result.kind === 'stale'
          ? new ConflictError(ADMIN_MSG.staleEdit)
          : new NotFoundError(NO_SUCH_RULE);
      await evaluateSoon(result.rule);
      return ok(ruleView(result.rule), 'Alert rule saved');
    },
  );

  app.post<{ Params: { id: number } }>(
    '/alert-rules/:id/toggle',
    { schema: { params: idParams, body: noBody, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, RULES);
      const rule = await repo.toggleRule(auth.groupId, request.params.id);
      if (!rule) throw new NotFoundError(NO_SUCH_RULE);
      await evaluateSoon(rule);
      return ok(ruleView(rule));
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/alert-rules/:id',
    { schema: { params: idParams, response: objectAnswer } },
    async (request) => {
      const auth = requireAdminActivity(request, RULES);
      if (!(await repo.deleteRule(auth.groupId, request.params.id))) throw new NotFoundError(NO_SUCH_RULE);
      return ok({ deleted: request.params.id });
    },
  );
}
