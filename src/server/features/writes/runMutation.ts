import type { MutationNode } from '../../../shared/config.gen.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { PLATFORM_ACTION_REFUSED } from '../../../shared/admin/adminActivities.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { AuditedRefusal, writeRefusalAudit } from '../../platform/store/auditedRefusal.js';
import { isPlatformStaff } from '../../access/auth/guards.js';
import { groupsGranting } from '../../platform/store/adminScopeRepo.js';
import type { AuthKit } from '../../access/auth/kit.js';
import type {
  Db,
  EntityFields,
  EntityRepo,
  EntityRow,
  WriteContext,
  WriteResult,
} from '../../language/entities/entityRepo.js';
import type { ResolvedMutation } from './screenMutation.js';
import { staffOnlyChanges } from '../../language/entities/staffOnlyChanges.js';
import { refuseUnlistedChoices } from './lookupFields.js';

/** What a write answers: the row as written and each field that changed, before -> after. */
export interface MutationOutcome {
  id: number;
  row: EntityRow | null;
  changed: Record<string, { before: unknown; after: unknown }>;
}

export const PAST: Record<MutationNode['operation'], string> = {
  create: 'created',
  update: 'edited',
  delete: 'deleted',
  toggle: 'toggled',
};

/**
 * Runs a validated body through the entity's repository in ONE transaction: unique checks, the
 * tenant check on the row as stored, the write (refused when stale), and the audit entry (who,
 * group, entity, before -> after). Any refusal rolls the whole of it back.
 */
export async function runMutation(
  db: Db,
  resolved: ResolvedMutation,
  body: EntityFields,
  kit: AuthKit,
): Promise<MutationOutcome> {
  const { mutation, repo, auth } = resolved;
  const { id, updated_at: readAtText, ...sent } = body;
  const fields = mutation.operation === 'update' ? writableFields(mutation, sent) : sent;
  const jobs: ((kit: AuthKit) => Promise<void>)[] = [];
  const run = db.transaction().execute(async (tx) => {
    await checkUnique(tx, mutation, repo, fields, typeof id === 'number' ? id : null);
    const ctx: WriteContext = {
      actorUserId: auth.userId,
      scope: await groupsGranting(tx, auth.userId, resolved.permission),
      afterCommit: (job) => jobs.push(job),
    };
    // After the permission checks below: a refused caller hears 403, not which ids exist.
    const checkChoices = (row: EntityRow | null) =>
      refuseUnlistedChoices({ db: tx, warehouse: kit.deps.warehouse }, mutation, fields, ctx.scope, row);
    let before: EntityRow | null = null;
    let result: WriteResult;
    if (mutation.operation === 'create') {
      // A new tenant is platform staff's to make, whatever screen names the mutation (docs/principals.md).
      if (repo.createsTenant && !isPlatformStaff(auth))
        throw new AuditedRefusal(PLATFORM_ACTION_REFUSED.createGroup, {
          actor: auth.userId,
          groupId: auth.groupId,
          entity: mutation.entity,
          entityId: 0,
          action: `${mutation.entity}.refused`,
          after: { reason: PLATFORM_ACTION_REFUSED.createGroup, mutation: mutation.id },
        });
      await checkChoices(null);
      const row = await repo.create(tx, fields, auth.userId, auth.groupId, ctx);
      // A row a group owns must land in a group where the caller's role grants the write.
      if (!repo.createsTenant) {
        const inScope = repo.inScope ? repo.inScope(row, ctx.scope) : ctx.scope.includes(repo.groupOf(row));
        if (!inScope) throw new ForbiddenError(ADMIN_MSG.notInScope);
      }
      result = { kind: 'written', row };
    } else {
      before = (await repo.find(tx, id as number, ctx.scope)) ?? null;
      if (!before) throw new NotFoundError(ADMIN_MSG.notInScope);
      const inScope = repo.inScope
        ? repo.inScope(before, ctx.scope)
        : ctx.scope.includes(repo.groupOf(before));
      if (!inScope) throw new ForbiddenError(ADMIN_MSG.notInScope);
      const staffOnly = staffOnlyChanges(repo.staffOnlyFields ?? [], before, fields);
      if (staffOnly.length && !isPlatformStaff(auth))
        throw new AuditedRefusal(PLATFORM_ACTION_REFUSED.subscription, {
          actor: auth.userId,
          groupId: auth.groupId,
          entity: mutation.entity,
          entityId: id as number,
          action: `${mutation.entity}.refused`,
          after: { reason: PLATFORM_ACTION_REFUSED.subscription, mutation: mutation.id, fields: staffOnly },
        });
      const readAt = new Date(readAtText as string);
      if (Number.isNaN(readAt.getTime())) throw new BadRequestError('updated_at must be a date-time');
      await checkChoices(before);
      result = await write(tx, mutation, repo, id as number, fields, before, readAt, ctx);
    }
    if (result.kind === 'missing') throw new NotFoundError(ADMIN_MSG.notInScope);
    if (result.kind === 'stale') throw new ConflictError(ADMIN_MSG.staleEdit);
    const after = mutation.operation === 'delete' ? null : result.row;
    const row = after ?? before!;
    await auditChange(tx, {
      actor: auth.userId,
      groupId: repo.groupOf(row),
      entity: mutation.entity,
      entityId: row.id as number,
      action: `${mutation.entity}.${PAST[mutation.operation]}`,
      before,
      after,
    });
    return { id: row.id as number, row: after, changed: changedFields(before, after) };
  });
  const outcome = await run.catch(async (error: unknown) => {
    // A refusal that must be audited: its entry went down with the transaction, so it is written now.
    if ((error as { code?: unknown }).code !== '23505') return writeRefusalAudit(db, error);
    // Two writes racing past the unique check: the store's unique index decides, same message.
    const unique = mutation.checks?.find((c) => c.kind === 'unique');
    throw new BadRequestError(unique?.message ?? 'This value already exists');
  });
  // After the commit only: a mail about a row that was rolled back would be a lie.
  for (const job of jobs) await job(kit);
  return outcome;
}

/** An update never writes a field its schema marks readOnly (a user name is locked on edit). */
function writableFields(mutation: MutationNode, fields: EntityFields): EntityFields {
  const props = (mutation.schema?.properties ?? {}) as Record<string, { readOnly?: unknown } | undefined>;
  return Object.fromEntries(Object.entries(fields).filter(([name]) => props[name]?.readOnly !== true));
}

function write(
  tx: Db,
  mutation: MutationNode,
  repo: EntityRepo,
  id: number,
  fields: EntityFields,
  before: EntityRow,
  readAt: Date,
  ctx: WriteContext,
): Promise<WriteResult> {
  if (mutation.operation === 'update') return repo.update(tx, id, fields, readAt, ctx);
  if (mutation.operation === 'toggle') {
    const { field, values } = mutation.toggle!;
    const next = before[field] === values[0] ? values[1] : values[0];
    return repo.update(tx, id, { [field]: next }, readAt, ctx);
  }
  if (!repo.remove) throw new BadRequestError(`${mutation.entity} rows cannot be deleted`);
  return repo.remove(tx, id, readAt, ctx);
}

/** The `unique` checks, again inside the write's transaction (the blur check may be stale). */
async function checkUnique(
  tx: Db,
  mutation: MutationNode,
  repo: EntityRepo,
  fields: EntityFields,
  id: number | null,
): Promise<void> {
  for (const check of mutation.checks ?? []) {
    if (check.kind !== 'unique' || fields[check.field] === undefined) continue;
    const other = await repo.findByUnique(tx, check.field, fields[check.field]);
    if (other && other.id !== id)
      throw new BadRequestError(check.message, [{ path: check.field, message: check.message }]);
  }
}

export function changedFields(before: EntityRow | null, after: EntityRow | null): MutationOutcome['changed'] {
  const out: MutationOutcome['changed'] = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (key === 'updated_at') continue;
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out[key] = { before: b, after: a };
  }
  return out;
}
