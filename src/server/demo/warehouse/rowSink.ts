import { bulkInsertColumns } from '../../platform/warehouse/bulkInsert.js';
import type { ColumnAppender } from '../../platform/warehouse/duckdb/duckDbAppend.js';
import type { DuckDbWarehouse } from '../../platform/warehouse/duckdb/duckDbWarehouse.js';
import { tableColumns } from '../../platform/warehouse/schema/tableColumns.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';

/**
 * Buffers generated rows per table, column by column, and loads them in batches so a 90-day
 * tenant streams through bounded memory. Rows are full rows in DDL column order. Columns of
 * primitives keep the garbage collector's work small (row arrays were a quarter of the build).
 * A table is loaded once it holds a DuckDB row group's worth of rows (larger appends skip the
 * WAL and go straight to the file); everything is loaded when the total passes `flushRows`.
 */
const APPENDER_ROWS = 1_000_000;

export class RowSink {
  readonly counts: Record<string, number> = {};
  private readonly buffers = new Map<string, unknown[][]>();
  private pending = 0;
  /**
   * DuckDB: one appender per table, kept open over several loads so DuckDB writes its own large
   * batches (a table write per load cost ~15% more CPU), closed after APPENDER_ROWS rows so the
   * rows it holds stay bounded.
   */
  private readonly appenders = new Map<string, { appender: ColumnAppender; rows: number }>();

  constructor(
    private readonly wh: Warehouse,
    // 250k rows of ~15 columns is ~150 MB of JS heap at the peak (600k took the large build's
    // heap to 480 MB); the big tables load at tableRows anyway, so loads stay large.
    private readonly flushRows = 250_000,
    private readonly tableRows = 150_000,
  ) {}

  private columnsOf(table: string): unknown[][] {
    let columns = this.buffers.get(table);
    if (!columns) this.buffers.set(table, (columns = tableColumns(table).map(() => [])));
    return columns;
  }

  push(table: string, row: readonly unknown[]): void {
    const columns = this.columnsOf(table);
    if (row.length !== columns.length) {
      throw new Error(`${table}: row has ${row.length} values, table has ${columns.length} columns`);
    }
    for (let c = 0; c < columns.length; c++) columns[c]!.push(row[c]);
    this.pending++;
  }

  get full(): boolean {
    return this.pending >= this.flushRows;
  }

  private async load(table: string, columns: unknown[][]): Promise<void> {
    this.buffers.delete(table);
    const rows = columns[0]?.length ?? 0;
    this.pending -= rows;
    // Counted per load, not per row: push is called for every one of a year's 25M rows.
    this.counts[table] = (this.counts[table] ?? 0) + rows;
    const wh = this.wh as Partial<DuckDbWarehouse>;
    if (!wh.openAppender) return bulkInsertColumns(this.wh, table, columns);
    let open = this.appenders.get(table);
    if (!open) this.appenders.set(table, (open = { appender: await wh.openAppender(table), rows: 0 }));
    await open.appender.append(columns);
    open.rows += columns[0]?.length ?? 0;
    if (open.rows >= APPENDER_ROWS) {
      this.appenders.delete(table);
      await open.appender.close();
    }
  }

  /** Loads every buffered row and closes the appenders: the rows are in the tables after this. */
  async flush(): Promise<void> {
    for (const [table, columns] of [...this.buffers]) await this.load(table, columns);
    for (const { appender } of this.appenders.values()) await appender.close();
    this.appenders.clear();
  }

  async flushIfFull(): Promise<void> {
    for (const [table, columns] of [...this.buffers]) {
      const rows = columns[0]?.length ?? 0;
      if (rows >= this.tableRows || (this.full && rows > 0)) await this.load(table, columns);
    }
  }
}
