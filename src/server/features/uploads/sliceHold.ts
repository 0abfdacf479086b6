import { tableColumns } from '../../platform/warehouse/schema/tableColumns.js';
import type { Warehouse, WarehouseStatement } from '../../platform/warehouse/warehouse.js';

/**
 * Where a deleted slice's rows wait for an undo: one hold table per upload target in the warehouse
 * (`upload_undo_<table>`: an `undo_id` and the target's columns). Rows move there in the delete's
 * own transaction and back in the restore's, so the analyst screens never see half of a slice.
 */
export const holdTable = (table: string): string => `upload_undo_${table}`;

const ready = new WeakMap<Warehouse, Set<string>>();

/** Creates the hold table, or recreates an empty-shaped one whose columns no longer match the target. */
export async function ensureHold(wh: Warehouse, table: string): Promise<void> {
  const done = ready.get(wh) ?? new Set<string>();
  ready.set(wh, done);
  if (done.has(table)) return;
  const hold = holdTable(table);
  const columns = tableColumns(table);
  const present = await wh.query<{ c: string }>(
    `SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1`,
    [hold],
  );
  const have = new Set(present.map((r) => r.c));
  // A target that gained a column since (an upgrade): rows held before it cannot come back whole.
  if (have.size > 0 && !columns.every((c) => have.has(c))) await wh.query(`DROP TABLE ${hold}`);
  await wh.query(
    `CREATE TABLE IF NOT EXISTS ${hold} AS SELECT CAST(0 AS INTEGER) AS undo_id, ${columns.join(', ')} FROM ${table} WHERE 1 = 0`,
  );
  done.add(table);
}

/** Moves the rows `where` selects (params from sliceWhere) into the hold under `undoId`. */
export function holdStatement(
  table: string,
  undoId: number,
  where: string,
  params: unknown[],
): WarehouseStatement {
  const columns = tableColumns(table).join(', ');
  return {
    sql: `INSERT INTO ${holdTable(table)} (undo_id, ${columns}) SELECT ${Math.trunc(undoId)}, ${columns} FROM ${table} WHERE ${where}`,
    params,
  };
}

/** Puts the held rows of `undoId` back into the target and empties their place in the hold. */
export function restoreStatements(table: string, undoId: number): WarehouseStatement[] {
  const columns = tableColumns(table).join(', ');
  return [
    {
      sql: `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM ${holdTable(table)} WHERE undo_id = $1`,
      params: [undoId],
    },
    { sql: `DELETE FROM ${holdTable(table)} WHERE undo_id = $1`, params: [undoId] },
  ];
}

export async function heldRows(wh: Warehouse, table: string, undoId: number): Promise<number> {
  const [row] = await wh.query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ${holdTable(table)} WHERE undo_id = $1`,
    [undoId],
  );
  return Number(row?.n ?? 0);
}

/** Drops the held rows of undos whose time has passed. */
export async function dropHeld(wh: Warehouse, table: string, undoIds: readonly number[]): Promise<void> {
  if (undoIds.length === 0) return;
  await wh.query(
    `DELETE FROM ${holdTable(table)} WHERE undo_id IN (${undoIds.map((id) => Math.trunc(id)).join(', ')})`,
  );
}
