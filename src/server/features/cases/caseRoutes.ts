import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import { answers, gridRowsQuery, objectAnswer } from '../../platform/http/schemaKit.js';
import { CaseRepo, type CaseRow } from './caseRepo.js';
import type { CaseStatus } from './casesTable.js';
import type { CaseFactor } from './foundCase.js';
import { howText, trendText } from './caseFigures.js';
import { DEFAULT_NUMBER_STYLE, type NumberStyle } from '../../../shared/format/index.js';
import { userNumberStyle } from '../../platform/store/userRepo.js';

/** The inbox screen (screens/inbox/cases.screen.json): its permission guards every route here. */
export const INBOX_SCREEN = 'inbox/cases';
export const NO_SUCH_CASE = 'Case not found';
export const OWNER_NOT_IN_GROUP = 'The owner must be a user of this group';
export const SNOOZE_NEEDS_DATE = 'A snoozed case needs a date from today on';

const STATUSES = ['open', 'snoozed', 'done'] as const;
const rowsQuery = {
  ...gridRowsQuery,
  properties: {
    ...gridRowsQuery.properties,
    status: { type: 'string', enum: [...STATUSES, 'active', 'all'] },
  },
} as const;
const updateBody = {
  type: 'object',
  required: ['id'],
  // The inbox's edit form sends the row it opened with; only these fields are read.
  additionalProperties: true,
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    owner_user_id: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 1, maximum: 2147483647 }] },
    status: { type: 'string', enum: STATUSES },
    snoozed_until: { anyOf: [{ type: 'null' }, { type: 'string', format: 'date' }] },
  },
} as const;
const idBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: updateBody.properties.id },
} as const;
const listAnswer = answers({ type: 'array', items: { type: 'object', additionalProperties: true } });

interface RowsQuery {
  limit: number;
  offset: number;
  status?: CaseStatus | 'active' | 'all';
}
interface UpdateBody {
  id: number;
  owner_user_id?: number | null;
  status?: CaseStatus;
  snoozed_until?: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);

/** A snooze whose day has come shows as open again. */
function statusOf(c: CaseRow): CaseStatus {
  return c.status === 'snoozed' && (c.snoozed_until ?? '') <= today() ? 'open' : c.status;
}

function caseView(
  c: CaseRow & { owner_first: string | null; owner_last: string | null },
  labels: (id: string) => string,
  style: NumberStyle,
) {
  const inputs = JSON.parse(c.inputs) as { factors?: CaseFactor[]; note?: string };
  const factors = inputs.factors ?? [];
  return {
    id: c.id,
    kind: c.rule_id,
    kind_label: labels(c.rule_id),
    subject: c.subject,
    title: c.title,
    opportunity: c.opportunity,
    previous_opportunity: c.previous_opportunity,
    trend: trendText(c.opportunity, c.previous_opportunity, style),
    how: howText(factors, c.opportunity, style),
    factors,
    note: inputs.note ?? '',
    owner_user_id: c.owner_user_id,
    owner: c.owner_first === null ? '' : `${c.owner_first} ${c.owner_last ?? ''}`.trim(),
    status: statusOf(c),
    snoozed_until: c.snoozed_until,
    cause_present: c.cause_present,
    observed_on: c.observed_on,
    product_id: c.product_id,
    channel_id: c.channel_id,
  };
}

function guard(request: FastifyRequest) {
  return requireActivity(request, INBOX_SCREEN);
}

/** The action inbox: its cases (largest opportunity first), the owner choices, a case's change. */
export function registerCaseRoutes(app: FastifyInstance): void {
  const repo = new CaseRepo(app.deps.store.db);
  const labels = (id: string) => app.deps.config.current().caseRules.get(id)?.label ?? id;

  app.get<{ Querystring: RowsQuery }>(
    '/inbox/cases/rows',
    { schema: { querystring: rowsQuery, response: objectAnswer } },
    async (request) => {
      const auth = guard(request);
      const { limit, offset } = request.query;
      const status = request.query.status === 'all' ? undefined : (request.query.status ?? 'active');
      const [rows, total, style] = await Promise.all([
        repo.list(auth.groupId, { status, limit, offset }),
        repo.count(auth.groupId, { status }),
        // The figures in How and Trend in the reader's number style (a share-link viewer: the default).
        auth.readMode ? DEFAULT_NUMBER_STYLE : userNumberStyle(app.deps.store.db, auth.userId),
      ]);
      return ok({ rows: rows.map((r) => caseView(r, labels, style)), total });
    },
  );

  app.get('/inbox/cases/owners', { schema: { response: listAnswer } }, async (request) => {
    const auth = guard(request);
    const members = await repo.members(auth.groupId);
    return ok(
      members.map((m) => ({ value: m.id, label: `${m.first_name} ${m.last_name}`.trim() || m.user_name })),
    );
  });

  app.post<{ Body: UpdateBody }>(
    '/inbox/cases/update',
    { schema: { body: updateBody, response: objectAnswer } },
    async (request) => {
      const auth = guard(request);
      const b = request.body;
      const found = await repo.caseOf(auth.groupId, b.id);
      if (!found) throw new NotFoundError(NO_SUCH_CASE);
      if (
        b.owner_user_id !== undefined &&
        b.owner_user_id !== null &&
        !(await repo.isMember(auth.groupId, b.owner_user_id))
      )
        throw new BadRequestError(OWNER_NOT_IN_GROUP);
      if (b.status === 'snoozed' && (!b.snoozed_until || b.snoozed_until < today()))
        throw new BadRequestError(SNOOZE_NEEDS_DATE);
      const after = await repo.change(auth.groupId, b.id, auth.userId, {
        ...(b.owner_user_id !== undefined ? { ownerUserId: b.owner_user_id } : {}),
        ...(b.status !== undefined ? { status: b.status, snoozedUntil: b.snoozed_until ?? null } : {}),
      });
      if (!after) throw new NotFoundError(NO_SUCH_CASE);
      return ok(
        { id: after.id, status: statusOf(after), owner_user_id: after.owner_user_id },
        'Case updated',
      );
    },
  );

  /** The inbox row's Done button: the case's status to done, audited. */
  app.post<{ Body: { id: number } }>(
    '/inbox/cases/done',
    { schema: { body: idBody, response: objectAnswer } },
    async (request) => {
      const auth = guard(request);
      const after = await repo.change(auth.groupId, request.body.id, auth.userId, { status: 'done' });
      if (!after) throw new NotFoundError(NO_SUCH_CASE);
      return ok({ id: after.id, status: after.status }, 'Case done');
    },
  );
}
