/**
 * Everything of one group the store and the warehouse hold, as text per row, so a sweep can show
 * which rows another principal's requests changed, removed or added.
 */
import { sql } from 'kysely';
import type { RunningServer } from '../../../src/server/startServer.js';

/** Store tables that move by themselves or by signing in: sessions, logs, mail codes, job output. */
const MOVING_TABLES = new Set([
  'sessions',
  'audit_log',
  'otps',
  'trusted_browsers',
  'tokens',
  'alerts',
  'alert_reads',
  'kysely_migration',
  'kysely_migration_lock',
]);
/** Columns that move without anyone's write: sign-in times and background progress. */
const MOVING_COLUMNS = new Set(['last_success_login', 'last_failed_login', 'percent', 'finished_at']);

export interface GroupSnapshot {
  /** "table#id" -> the row as JSON. */
  rows: Map<string, string>;
  /** Warehouse table -> rows of the group. */
  counts: Map<string, number>;
}

export interface SnapshotChange {
  key: string;
  kind: 'changed' | 'removed' | 'added';
  before?: string;
  after?: string;
}

export async function snapshotGroup(server: RunningServer, groupId: number): Promise<GroupSnapshot> {
  const db = server.app.deps.store.db;
  const columns = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`.execute(db);
  const tables = new Map<string, string[]>();
  for (const c of columns.rows)
    tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c.column_name]);
  const rows = new Map<string, string>();
  const members = sql`(SELECT user_id FROM user_group_roles WHERE group_id = ${groupId})`;
  const groupRoles = sql`(SELECT id FROM roles WHERE group_id = ${groupId})`;
  for (const [table, cols] of tables) {
    if (MOVING_TABLES.has(table)) continue;
    const where = cols.includes('group_id')
      ? sql`group_id = ${groupId}`
      : table === 'users'
        ? sql`id IN ${members}`
        : table === 'groups'
          ? sql`id = ${groupId}`
          : table === 'role_activities'
            ? sql`role_id IN ${groupRoles}`
            : null;
    if (!where) continue;
    const found = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(table)} WHERE ${where}`.execute(db);
    for (const row of found.rows) {
      const kept = Object.fromEntries(Object.entries(row).filter(([k]) => !MOVING_COLUMNS.has(k)));
      // Rows without an id (role_activities) are keyed by their whole content.
      const key = `${table}#${JSON.stringify(row.id ?? row)}`;
      rows.set(key, JSON.stringify(kept));
    }
  }
  const wh = server.app.deps.warehouse;
  // The warehouse's own tables: not the staging copies a load in flight keeps in an attached
  // in-memory database (DuckDB's load_staging, upload_staging), which come and go meanwhile.
  const whTables = await wh.query<{ t: string }>(
    `SELECT DISTINCT c.table_name AS t FROM information_schema.columns c
      JOIN information_schema.tables t
        ON t.table_catalog = c.table_catalog AND t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.column_name = 'group_id' AND t.table_type = 'BASE TABLE'
        AND c.table_catalog = current_database() AND c.table_schema IN ('main', 'public')
      ORDER BY 1`,
  );
  const counts = new Map<string, number>();
  for (const { t } of whTables) {
    const [r] = await wh.query<{ n: number }>(`SELECT count(*) AS n FROM "${t}" WHERE group_id = $1`, [
      groupId,
    ]);
    counts.set(t, Number(r!.n));
  }
  return { rows, counts };
}

export function snapshotChanges(before: GroupSnapshot, after: GroupSnapshot): SnapshotChange[] {
  const changes: SnapshotChange[] = [];
  for (const [key, row] of before.rows) {
    const now = after.rows.get(key);
    if (now === undefined) changes.push({ key, kind: 'removed', before: row });
    else if (now !== row) changes.push({ key, kind: 'changed', before: row, after: now });
  }
  for (const [key, row] of after.rows)
    if (!before.rows.has(key)) changes.push({ key, kind: 'added', after: row });
  for (const [table, n] of before.counts)
    if (after.counts.get(table) !== n)
      changes.push({
        key: `warehouse:${table}`,
        kind: 'changed',
        before: String(n),
        after: String(after.counts.get(table)),
      });
  return changes;
}
