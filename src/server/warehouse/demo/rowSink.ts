import { bulkInsert } from '../bulkInsert.js';
import { tableColumns } from '../schema/tableColumns.js';
import type { Warehouse } from '../warehouse.js';

/**
 * Buffers generated rows per table and loads them in batches, so a 90-day tenant streams
 * through bounded memory. Rows are full rows in DDL column order.
 */
export class RowSink {
  readonly counts: Record<string, number> = {};
  private readonly buffers = new Map<string, unknown[][]>();
  private pending = 0;

  constructor(
    private readonly wh: Warehouse,
    private readonly flushRows = 200_000,
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
    if (this.full) await this.flush();
  }
}
