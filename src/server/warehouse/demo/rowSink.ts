import { bulkInsert } from '../bulkInsert.js';
import { tableColumns } from '../schema/tableColumns.js';
import type { Warehouse } from '../warehouse.js';

/**
 * Buffers generated rows per table and loads them in batches, so a 90-day tenant streams
 * through bounded memory. Rows are full rows in DDL column order. A table is loaded once it holds
 * a DuckDB row group's worth of rows (larger appends skip the WAL and go straight to the file);
 * everything is loaded when the total passes `flushRows`.
 */
export class RowSink {
  readonly counts: Record<string, number> = {};
  private readonly buffers = new Map<string, unknown[][]>();
  private pending = 0;

  constructor(
    private readonly wh: Warehouse,
    private readonly flushRows = 600_000,
    private readonly tableRows = 150_000,
  ) {}

  push(table: string, row: unknown[]): void {
    let buffer = this.buffers.get(table);
    if (!buffer) this.buffers.set(table, (buffer = []));
    buffer.push(row);
    this.pending++;
    this.counts[table] = (this.counts[table] ?? 0) + 1;
  }

  get full(): boolean {
    return this.pending >= this.flushRows;
  }

  async flush(): Promise<void> {
    for (const [table, rows] of this.buffers) {
      if (rows.length === 0) continue;
      this.buffers.set(table, []);
      await bulkInsert(this.wh, table, tableColumns(table), rows);
    }
    this.pending = 0;
  }

  async flushIfFull(): Promise<void> {
    if (this.full) return this.flush();
    for (const [table, rows] of this.buffers) {
      if (rows.length < this.tableRows) continue;
      this.buffers.set(table, []);
      this.pending -= rows.length;
      await bulkInsert(this.wh, table, tableColumns(table), rows);
    }
  }
}
