import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { EncodedColumn } from './columnBatch.js';
import { TableBuffer } from './tableBuffer.js';
import { TableWriter } from './tableWriter.js';

/**
 * Where a sink's batches go: the warehouse (`TableWriter`) or, in the generation worker, the
 * thread that writes them (`generateWorker.ts`). Batches of one table arrive in push order.
 */
export interface BatchTarget {
  load(table: string, columns: EncodedColumn[]): Promise<void>;
  /** After the last batch of a flush: the rows are in the tables (or on their way) after this. */
  finish(): Promise<void>;
}

/**
 * Buffers generated rows per table, column by column (numbers and dates in typed arrays:
 * tableBuffer.ts), and loads them in batches so a 13-month tenant streams through bounded memory.
 * Rows are full rows in DDL column order.
 * A table is loaded once it holds `tableRows` rows; everything is loaded when the total passes
 * `flushRows`.
 */
export class RowSink {
  readonly counts: Record<string, number> = {};
  private readonly buffers = new Map<string, TableBuffer>();
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

  push(table: string, row: readonly unknown[]): void {
    let buffer = this.buffers.get(table);
    if (!buffer) this.buffers.set(table, (buffer = new TableBuffer(table)));
    buffer.push(row);
    this.pending++;
  }

  get full(): boolean {
    return this.pending >= this.flushRows;
  }

  private async load(table: string, buffer: TableBuffer): Promise<void> {
    this.buffers.delete(table);
    const { rows } = buffer;
    this.pending -= rows;
    // Counted per load, not per row: push is called for every one of a year's 25M rows.
    this.counts[table] = (this.counts[table] ?? 0) + rows;
    await this.target.load(table, buffer.take());
  }

  /** Loads every buffered row and finishes the target: the rows are in the tables after this. */
  async flush(): Promise<void> {
    for (const [table, buffer] of [...this.buffers]) await this.load(table, buffer);
    await this.target.finish();
  }

  async flushIfFull(): Promise<void> {
    for (const [table, buffer] of [...this.buffers]) {
      const { rows } = buffer;
      if (rows >= this.tableRows || (this.full && rows > 0)) await this.load(table, buffer);
    }
  }
}
