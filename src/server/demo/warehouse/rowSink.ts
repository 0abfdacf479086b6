import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { tableColumns } from '../../platform/warehouse/schema/tableColumns.js';
import { TableWriter } from './tableWriter.js';

/**
 * Where a sink's batches go: the warehouse (`TableWriter`) or, in the generation worker, the
 * thread that writes them (`generateWorker.ts`). Batches of one table arrive in push order.
 */
export interface BatchTarget {
  load(table: string, columns: unknown[][]): Promise<void>;
  /** After the last batch of a flush: the rows are in the tables (or on their way) after this. */
  finish(): Promise<void>;
}

/**
 * Buffers generated rows per table, column by column, and loads them in batches so a 90-day
 * tenant streams through bounded memory. Rows are full rows in DDL column order. Columns of
 * primitives keep the garbage collector's work small (row arrays were a quarter of the build).
 * A table is loaded once it holds `tableRows` rows; everything is loaded when the total passes
 * `flushRows`.
 */
export class RowSink {
  readonly counts: Record<string, number> = {};
  private readonly buffers = new Map<string, unknown[][]>();
  private readonly target: BatchTarget;
  private pending = 0;

  constructor(
    target: Warehouse | BatchTarget,
    // 250k rows of ~15 columns is ~150 MB of JS heap at the peak (600k took the large build's
    // heap to 480 MB); the big tables load at tableRows anyway, so loads stay large.
    private readonly flushRows = 250_000,
    private readonly tableRows = 150_000,
  ) {
    this.target = 'dialect' in target ? new TableWriter(target) : target;
  }

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
    await this.target.load(table, columns);
  }

  /** Loads every buffered row and finishes the target: the rows are in the tables after this. */
  async flush(): Promise<void> {
    for (const [table, columns] of [...this.buffers]) await this.load(table, columns);
    await this.target.finish();
  }

  async flushIfFull(): Promise<void> {
    for (const [table, columns] of [...this.buffers]) {
      const rows = columns[0]?.length ?? 0;
      if (rows >= this.tableRows || (this.full && rows > 0)) await this.load(table, columns);
    }
  }
}
