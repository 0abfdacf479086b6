import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { writeRefusalAudit } from '../../platform/store/auditedRefusal.js';
import { groupsGranting } from '../../platform/store/adminScopeRepo.js';
import type { Db, EntityFields, EntityRow, WriteResult } from '../../language/entities/entityRepo.js';
import { newWriteToken } from '../../language/entities/warehouseEntity.js';
import type { Warehouse, WarehouseStatement } from '../../platform/warehouse/warehouse.js';
import { PAST } from './runMutation.js';
import type { ResolvedMutation, ResolvedWarehouseMutation } from './screenMutation.js';

/** One ticked row as the grid read it. */
export interface BulkRow {
  id: number;
  updated_at: string;
}

/** What a bulk write answers: how many rows it wrote, and which. */
export interface BulkOutcome {
  count: number;
  ids: number[];
}

// The guard's failure text: both engines name the value they could not cast, so it is found in
// the error whichever engine raised it.
const STALE_MARK = 'bulk_write_stale';

/** The values a row gets: the toggle's other value, else the config's `set` (an update). */
function valuesFor(resolved: { mutation: ResolvedMutation['mutation'] }, row: EntityRow, set: EntityFields) {
  const { mutation } = resolved;
  if (mutation.operation !== 'toggle') return set;
  const { field, values } = mutation.toggle!;
  return { [field]: row[field] === values[0] ? values[1] : values[0] };
}

/**
 * A store entity's bulk write in ONE store transaction: every row must be in a group where the
 * caller's role grants the permission and still carry the updated_at it was read with; each is
 * written and audited as its single-row mutation would be. Any refusal rolls all of it back.
 */
export async function runBulkStore(
  db: Db,
  resolved: ResolvedMutation,
  rows: readonly BulkRow[],
  set: EntityFields,
): Promise<BulkOutcome> {
  const { mutation, repo, auth } = resolved;
  const run = db.transaction().execute(async (tx) => {
    const scope = await groupsGranting(tx, auth.userId, resolved.permission);
    const ctx = { actorUserId: auth.userId, scope, afterCommit: () => undefined };
    for (const sent of rows) {
      const before = await repo.find(tx, sent.id, scope);
      if (!before) throw new NotFoundError(ADMIN_MSG.notInScope);
      const inScope = repo.inScope ? repo.inScope(before, scope) : scope.includes(repo.groupOf(before));
      if (!inScope) throw new ForbiddenError(ADMIN_MSG.notInScope);
      const readAt = new Date(sent.updated_at);
      if (Number.isNaN(readAt.getTime())) throw new BadRequestError('updated_at must be a date-time');
      let result: WriteResult;
      if (mutation.operation === 'delete') {
        if (!repo.remove) throw new BadRequestError(`${mutation.entity} rows cannot be deleted`);
        result = await repo.remove(tx, sent.id, readAt, ctx);
      } else result = await repo.update(tx, sent.id, valuesFor(resolved, before, set), readAt, ctx);
      if (result.kind === 'missing') throw new NotFoundError(ADMIN_MSG.notInScope);
      if (result.kind === 'stale') throw new ConflictError(ADMIN_MSG.staleEdit);
      const after = mutation.operation === 'delete' ? null : result.row;
      await auditChange(tx, {
        actor: auth.userId,
        groupId: repo.groupOf(before),
        entity: mutation.entity,
        entityId: sent.id,
        action: `${mutation.entity}.${PAST[mutation.operation]}`,
        before,
        after,
      });
    }
    return { count: rows.length, ids: rows.map((r) => r.id) };
  });
  // A refusal that must be audited (a shared user's block): its entry is written after the rollback.
  return run.catch((error: unknown) => writeRefusalAudit(db, error));
}

/**
 * A warehouse entity's bulk write: every row read, scoped and token-checked first (403 / 409,
 * nothing written); then every row's guarded UPDATE and a last statement that fails unless all of
 * them took the new token run in ONE warehouse transaction, so a row changed in between rolls
 * the whole write back (409). The audit entries follow in one store transaction, as for a
 * single-row warehouse write.
 */
export async function runBulkWarehouse(
  db: Db,
  wh: Warehouse,
  resolved: ResolvedWarehouseMutation,
  rows: readonly BulkRow[],
  set: EntityFields,
): Promise<BulkOutcome> {
  const { mutation, repo, auth } = resolved;
  if (mutation.operation === 'delete' || mutation.operation === 'create')
    throw new BadRequestError(`${mutation.entity} rows cannot be ${PAST[mutation.operation]} in bulk`);
  const scope = await groupsGranting(db, auth.userId, resolved.permission);
  const token = newWriteToken();
  const befores: EntityRow[] = [];
  const statements: WarehouseStatement[] = [];
  for (const sent of rows) {
    const before = await repo.find(wh, sent.id);
    if (!before) throw new NotFoundError(ADMIN_MSG.notInScope);
    if (!scope.includes(before.group_id as number)) throw new ForbiddenError(ADMIN_MSG.notInScope);
    if (before.updated_at !== sent.updated_at) throw new ConflictError(ADMIN_MSG.staleEdit);
    befores.push(before);
    statements.push(...(await repo.update(wh, before, valuesFor(resolved, before, set), token)));
  }
  statements.push({
    sql: `SELECT CAST(CASE WHEN COUNT(*) = $2 THEN '1' ELSE '${STALE_MARK}' END AS INTEGER) AS ok
          FROM ${repo.table} WHERE updated_at = $1`,
    params: [token, rows.length],
  });
  try {
    await wh.transaction(statements);
  } catch (error) {
    if (String((error as Error).message).includes(STALE_MARK)) throw new ConflictError(ADMIN_MSG.staleEdit);
    throw error;
  }
  await db.transaction().execute(async (tx) => {
    for (const before of befores) {
      const after = (await repo.find(wh, before.id as number)) ?? null;
      await auditChange(tx, {
        actor: auth.userId,
        groupId: before.group_id as number,
        entity: mutation.entity,
        entityId: before.id as number,
        action: `${mutation.entity}.${PAST[mutation.operation]}`,
        before,
        after,
      });
    }
  });
  return { count: rows.length, ids: rows.map((r) => r.id) };
}
