import type { UploadDeclaration } from '../../../shared/config.gen.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import type { Deps } from '../../platform/deps.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { refreshLostSales } from '../../language/measures/lostSalesTable.js';
import { loadDerived } from '../../platform/warehouse/schema/loadDerived.js';
import { dropHeld, ensureHold, heldRows, holdStatement, restoreStatements } from './sliceHold.js';
import { sliceWhere } from './sliceWhere.js';
import { UndoRepo } from './undoRepo.js';
import { UploadRepo } from './uploadRepo.js';
import * as msg from './uploadMessages.js';

type Slice = Record<string, string | number>;

interface Call {
  groupId: number;
  userId: number;
  key: string;
  upload: UploadDeclaration;
}

export interface DeletedSlice {
  slice: Slice;
  rows: number;
  undo_id: number;
  expires_at: string;
}

/** Re-derives the slice's derived columns (estimates shown again or hidden) in the same transaction. */
const derivedOf = (upload: UploadDeclaration, groupId: number, slice: Slice) =>
  loadDerived(upload.target.table)?.statements(sliceWhere(upload, groupId, slice, 's', false)) ?? [];

/**
 * The group's facts changed as a load changes them: cases, alerts and the like evaluate the group
 * now (features/cases/caseJobs.ts, features/alerts/alertJobs.ts), not at its next load.
 */
const announceLoad = (deps: Deps, groupId: number, source: string) =>
  deps.jobs?.events.emit('load', { groupId, source });

/**
 * Deletes one loaded slice (e.g. a channel's month of sales): its rows move to the hold table in
 * the delete's transaction, restorable for UPLOAD_UNDO_MINUTES; audited with the group.
 */
export async function deleteSlice(deps: Deps, call: Call, slice: Slice): Promise<DeletedSlice> {
  const { groupId, userId, key, upload } = call;
  const table = upload.target.table;
  const wh = deps.warehouse;
  const undos = new UndoRepo(deps.store.db);
  await ensureHold(wh, table);
  await dropHeld(wh, table, await undos.takeExpired(table));
  const listed = await undos.listed(groupId, key, slice);
  if (!listed) throw new NotFoundError('No Data Available');
  const expiresAt = new Date(Date.now() + deps.env.UPLOAD_UNDO_MINUTES * 60_000);
  const undoId = await undos.add({
    groupId,
    key,
    table,
    slice,
    rows: listed.rows,
    runId: listed.run_id,
    sliceUpdatedAt: listed.updated_at,
    userId,
    expiresAt,
  });
  const { where, params } = sliceWhere(upload, groupId, slice);
  try {
    await wh.transaction([
      holdStatement(table, undoId, where, params),
      { sql: `DELETE FROM ${table} WHERE ${where}`, params },
      ...derivedOf(upload, groupId, slice),
    ]);
  } catch (error) {
    await undos.remove(undoId);
    throw error;
  }
  await refreshLostSales(wh, groupId, { written: [table] });
  await new UploadRepo(deps.store.db).deleteSlice(groupId, key, slice);
  await auditChange(deps.store.db, {
    actor: userId,
    groupId,
    entity: 'uploadSlice',
    entityId: undoId,
    action: 'upload.deleteSlice',
    before: { upload: key, slice, rows: listed.rows },
    after: { undo_until: expiresAt.toISOString() },
  });
  announceLoad(deps, groupId, 'upload.deleteSlice');
  return { slice, rows: listed.rows, undo_id: undoId, expires_at: expiresAt.toISOString() };
}

/** Puts a deleted slice back while its undo holds and nothing was loaded over it since; audited. */
export async function restoreSlice(
  deps: Deps,
  call: Call,
  undoId: number,
): Promise<{ slice: Slice; rows: number }> {
  const { groupId, userId, key, upload } = call;
  const table = upload.target.table;
  const wh = deps.warehouse;
  const undos = new UndoRepo(deps.store.db);
  const undo = await undos.find(groupId, key, undoId);
  if (!undo || undo.restored_at) throw new NotFoundError(msg.NOTHING_TO_UNDO);
  if (undo.expires_at.getTime() < Date.now()) throw new BadRequestError(msg.UNDO_EXPIRED);
  if (await undos.listed(groupId, key, undo.slice)) throw new BadRequestError(msg.RELOADED_SINCE);
  await ensureHold(wh, table);
  // A hold table rebuilt by an upgrade lost its rows: nothing whole to put back.
  if (undo.rows > 0 && (await heldRows(wh, table, undoId)) === 0) throw new BadRequestError(msg.UNDO_EXPIRED);
  if (!(await undos.claim(undoId))) throw new NotFoundError(msg.NOTHING_TO_UNDO);
  try {
    await wh.transaction([...restoreStatements(table, undoId), ...derivedOf(upload, groupId, undo.slice)]);
  } catch (error) {
    await undos.unclaim(undoId);
    throw error;
  }
  await refreshLostSales(wh, groupId, { written: [table] });
  await undos.relist(undo);
  await auditChange(deps.store.db, {
    actor: userId,
    groupId,
    entity: 'uploadSlice',
    entityId: undoId,
    action: 'upload.restoreSlice',
    before: null,
    after: { upload: key, slice: undo.slice, rows: undo.rows },
  });
  announceLoad(deps, groupId, 'upload.restoreSlice');
  return { slice: undo.slice, rows: undo.rows };
}
