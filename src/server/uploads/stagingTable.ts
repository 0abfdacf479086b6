import { bulkInsert } from '../warehouse/bulkInsert.js';
import type { DuckDbWarehouse } from '../warehouse/duckdb/duckDbWarehouse.js';
import { loadDerived } from '../warehouse/schema/loadDerived.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import type { UploadPlan } from './uploadPlan.js';

const PREFIX = 'upload_stage_';

function hasAppender(wh: Warehouse): wh is DuckDbWarehouse {
  return typeof (wh as Partial<DuckDbWarehouse>).appendColumns === 'function';
}

/**
 * A copy of the target table's shape that an upload fills while the target stays untouched.
 * Only `swap` touches the target: one transaction deletes the group's slices present in the
 * file and inserts the staged rows, so readers see the old data or the new, never a mix, and a
 * crash at any point leaves the old data (a leftover staging table is dropped at the next start).
 */
export class StagingTable {
  private constructor(
    private readonly wh: Warehouse,
    private readonly plan: UploadPlan,
    readonly name: string,
  ) {}

  static async create(wh: Warehouse, plan: UploadPlan, runId: number): Promise<StagingTable> {
    const name = `${PREFIX}${Math.trunc(runId)}`;
    await wh.exec(`DROP TABLE IF EXISTS ${name}`);
    await wh.exec(`CREATE TABLE ${name} AS SELECT * FROM ${plan.table} WHERE 1 = 0`);
    return new StagingTable(wh, plan, name);
  }

  /** Appends rows given column by column (the plan's columns, equal lengths). */
  async append(columns: readonly unknown[][]): Promise<void> {
    const count = columns[0]?.length ?? 0;
    if (count === 0) return;
    if (hasAppender(this.wh)) return this.wh.appendColumns(this.name, columns);
    const rows = Array.from({ length: count }, (_, r) => columns.map((column) => column[r]));
    const names = this.plan.targets.map((t) => t.name);
    await bulkInsert(this.wh, this.name, names, rows);
  }

  /**
   * Replaces the group's slices present in the staged rows by those rows, all or nothing; a
   * merge upload updates and adds instead (`token`: the write token updated rows get).
   */
  async swap(groupId: number, token: string): Promise<void> {
    if (this.plan.merge) return this.merge(groupId, this.plan.merge, token);
    const { table, targets, slice } = this.plan;
    const tenant = targets.find((t) => t.source.kind === 'tenant')!.name;
    const fixed = targets.filter((t) => t.source.kind === 'fixed').map((t) => t.name);
    const keys = [
      ...slice.map((s) => ({
        name: s.name,
        expr: (a: string) => (s.month ? `date_trunc('month', ${a}.${s.name})` : `${a}.${s.name}`),
      })),
      ...fixed
        .filter((f) => !slice.some((s) => s.name === f))
        .map((name) => ({ name, expr: (a: string) => `${a}.${name}` })),
    ];
    const distinct = keys.map((k) => `${k.expr('x')} AS ${k.name}`).join(', ');
    const match = keys.map((k) => `${k.expr('t')} = s.${k.name}`).join(' AND ');
    // Derived columns of every row in the file's slices (not only the loaded rows: the fixed
    // columns, e.g. is_estimate 0, mark what a load holds, while derived ones follow from it).
    const inSlices = slice.map((k) => keys.find((x) => x.name === k.name)!);
    const derived =
      loadDerived(table)?.statements({
        where: `s.${tenant} = $1 AND EXISTS (SELECT 1 FROM ${this.name} x WHERE ${inSlices
          .map((k) => `${k.expr('x')} = ${k.expr('s')}`)
          .join(' AND ')})`,
        params: [groupId],
      }) ?? [];
    await this.wh.transaction([
      {
        sql: `DELETE FROM ${table} t USING (SELECT DISTINCT ${distinct} FROM ${this.name} x) s WHERE t.${tenant} = $1 AND ${match}`,
        params: [groupId],
      },
      { sql: this.insertSql() },
      ...derived,
    ]);
  }

  /**
   * One transaction: rows whose key the group has get the file's columns (their id, fixed
   * columns and the rest kept, a fresh token so an edit read before the load is refused as
   * stale), then the other rows are added (numbered when the key is generated).
   */
  private merge(groupId: number, key: readonly string[], token: string): Promise<void> {
    const { table, targets } = this.plan;
    const tenant = targets.find((t) => t.source.kind === 'tenant')!.name;
    const updated = targets
      .filter((t) => (t.source.kind === 'cell' || t.source.kind === 'also') && !key.includes(t.name))
      .map((t) => `${t.name} = s.${t.name}`);
    const hasToken = targets.some((t) => t.source.kind === 'blank');
    const match = key.map((k) => `t.${k} = s.${k}`).join(' AND ');
    const fresh = `NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.${tenant} = $1 AND ${match})`;
    return this.wh.transaction([
      {
        sql: `UPDATE ${table} AS t SET ${[...updated, ...(hasToken ? ['updated_at = $2'] : [])].join(', ')}
              FROM ${this.name} s WHERE t.${tenant} = $1 AND ${match}`,
        params: hasToken ? [groupId, token] : [groupId],
      },
      { sql: `${this.insertSql()} s WHERE ${fresh}`, params: [groupId] },
    ]);
  }

  /**
   * Copies the staged rows; a generated key is numbered after the group's slices were deleted,
   * from the highest key of the whole table (the key is unique across groups).
   */
  private insertSql(): string {
    const { table, targets } = this.plan;
    const key = targets.find((t) => t.source.kind === 'generated')?.name;
    if (!key) return `INSERT INTO ${table} SELECT * FROM ${this.name}`;
    const names = targets.map((t) => t.name);
    const values = names.map((n) =>
      n === key ? `(SELECT COALESCE(MAX(${key}), 0) FROM ${table}) + ROW_NUMBER() OVER ()` : n,
    );
    return `INSERT INTO ${table} (${names.join(', ')}) SELECT ${values.join(', ')} FROM ${this.name}`;
  }

  drop(): Promise<void> {
    return this.wh.exec(`DROP TABLE IF EXISTS ${this.name}`);
  }
}

/** Drops staging tables a killed server left behind; their rows never reached a target. */
export async function dropLeftoverStaging(wh: Warehouse): Promise<number> {
  const rows = await wh.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_name LIKE '${PREFIX}%'`,
  );
  const names = rows.map((r) => r.table_name).filter((n) => /^upload_stage_\d+$/.test(n));
  for (const name of names) await wh.exec(`DROP TABLE IF EXISTS ${name}`);
  return names.length;
}
