import { bulkInsert } from '../../platform/warehouse/bulkInsert.js';
import type { ColumnAppender } from '../../platform/warehouse/duckdb/duckDbAppend.js';
import { hasAppender } from '../../platform/warehouse/duckdb/duckDbWarehouse.js';
import { loadDerived } from '../../platform/warehouse/schema/loadDerived.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { UploadPlan } from './uploadPlan.js';

const PREFIX = 'upload_stage_';
/**
 * On DuckDB, staging tables live in an in-memory database attached to the warehouse (every
 * connection of the instance sees it): staged rows are never written to the warehouse file and
 * its log, only once into the target by the swap; appending there cost about half of appending
 * to a table of the file (docs/bench.md, uploads). A crash loses them with the process.
 */
const DUCKDB_STAGING = 'upload_staging';

/** A fixed value of the config as an SQL literal. */
function literal(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;
}

/**
 * A copy of the target table's shape that an upload fills while the target stays untouched.
 * Only `swap` touches the target: one transaction deletes the group's slices present in the
 * file and inserts the staged rows, so readers see the old data or the new, never a mix, and a
 * crash at any point leaves the old data (a leftover staging table is dropped at the next start).
 */
export class StagingTable {
  /** DuckDB: one appender for the whole upload, written out before the swap reads the table. */
  private appender: ColumnAppender | null = null;

  private constructor(
    private readonly wh: Warehouse,
    private readonly plan: UploadPlan,
    /** The table as SQL names it (`catalog.table` on DuckDB). */
    readonly name: string,
    private readonly table: string,
    private readonly catalog: string | undefined,
  ) {}

  /** Holds the plan's staged columns only (the swap's SELECT fills the others). */
  static async create(wh: Warehouse, plan: UploadPlan, runId: number): Promise<StagingTable> {
    const table = `${PREFIX}${Math.trunc(runId)}`;
    const catalog = hasAppender(wh) ? DUCKDB_STAGING : undefined;
    if (catalog) await wh.exec(`ATTACH IF NOT EXISTS ':memory:' AS ${catalog}`);
    const name = catalog ? `${catalog}.${table}` : table;
    const columns = plan.staged.map((t) => plan.targets[t]!.name);
    await wh.exec(`DROP TABLE IF EXISTS ${name}`);
    await wh.exec(`CREATE TABLE ${name} AS SELECT ${columns.join(', ')} FROM ${plan.table} WHERE 1 = 0`);
    return new StagingTable(wh, plan, name, table, catalog);
  }

  /** Appends rows given column by column (the plan's staged columns, equal lengths). */
  async append(columns: readonly unknown[][]): Promise<void> {
    const count = columns[0]?.length ?? 0;
    if (count === 0) return;
    if (hasAppender(this.wh)) {
      this.appender ??= await this.wh.openAppender(this.table, this.catalog);
      return this.appender.append(columns);
    }
    const rows = Array.from({ length: count }, (_, r) => columns.map((column) => column[r]));
    const names = this.plan.staged.map((t) => this.plan.targets[t]!.name);
    await bulkInsert(this.wh, this.name, names, rows);
  }

  /**
   * Replaces the group's slices present in the staged rows by those rows, all or nothing; a
   * merge upload updates and adds instead (`token`: the write token updated rows get).
   */
  async swap(groupId: number, token: string): Promise<void> {
    await this.appender?.close();
    if (this.plan.merge) return this.merge(groupId, this.plan.merge, token);
    const { table, targets, slice } = this.plan;
    const tenant = targets.find((t) => t.source.kind === 'tenant')!.name;
    const keys = slice.map((s) => ({
      name: s.name,
      expr: (a: string) => (s.month ? `date_trunc('month', ${a}.${s.name})` : `${a}.${s.name}`),
    }));
    // The fixed columns (e.g. is_estimate 0) mark what a load holds: only those rows are replaced.
    const fixed = targets.flatMap(({ name, source }) =>
      source.kind === 'fixed' && !slice.some((s) => s.name === name)
        ? [`t.${name} = ${literal(source.value)}`]
        : [],
    );
    const distinct = keys.map((k) => `${k.expr('x')} AS ${k.name}`).join(', ');
    const match = [...keys.map((k) => `${k.expr('t')} = s.${k.name}`), ...fixed].join(' AND ');
    // Derived columns of every row in the file's slices (not only the loaded rows: the fixed
    // columns mark what a load holds, while derived ones follow from it).
    const derived =
      loadDerived(table)?.statements({
        where: `s.${tenant} = $1 AND EXISTS (SELECT 1 FROM ${this.name} x WHERE ${keys
          .map((k) => `${k.expr('x')} = ${k.expr('s')}`)
          .join(' AND ')})`,
        params: [groupId],
      }) ?? [];
    await this.wh.transaction([
      {
        sql: `DELETE FROM ${table} t USING (SELECT DISTINCT ${distinct} FROM ${this.name} x) s WHERE t.${tenant} = $1 AND ${match}`,
        params: [groupId],
      },
      { sql: this.insertSql(groupId) },
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
      { sql: `${this.insertSql(groupId)} s WHERE ${fresh}`, params: [groupId] },
    ]);
  }

  /**
   * Copies the staged rows and fills the columns that are the same for every row; a generated
   * key is numbered after the group's slices were deleted, from the highest key of the whole
   * table (the key is unique across groups).
   */
  private insertSql(groupId: number): string {
    const { table, targets, staged } = this.plan;
    const values = targets.map(({ name, source }, t) => {
      if (source.kind === 'generated')
        return `(SELECT COALESCE(MAX(${name}), 0) FROM ${table}) + ROW_NUMBER() OVER ()`;
      if (staged.includes(t)) return name;
      switch (source.kind) {
        case 'tenant':
          return String(Math.trunc(groupId));
        case 'fixed':
          return literal(source.value);
        case 'blank':
          return "''";
        default:
          return '0';
      }
    });
    const names = targets.map((t) => t.name);
    return `INSERT INTO ${table} (${names.join(', ')}) SELECT ${values.join(', ')} FROM ${this.name}`;
  }

  async drop(): Promise<void> {
    // An upload that failed midway still has its appender open: close it before the drop.
    await this.appender?.close().catch(() => undefined);
    await this.wh.exec(`DROP TABLE IF EXISTS ${this.name}`);
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
