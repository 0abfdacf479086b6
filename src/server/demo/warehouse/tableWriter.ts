import { bulkInsertColumns } from '../../platform/warehouse/bulkInsert.js';
import type { ColumnAppender } from '../../platform/warehouse/duckdb/duckDbAppend.js';
import type { DuckDbWarehouse } from '../../platform/warehouse/duckdb/duckDbWarehouse.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { decodeColumns, type EncodedColumn } from './columnBatch.js';
import type { BatchTarget } from './rowSink.js';

/**
 * A DuckDB appender is closed after this many rows, so the rows it holds stay bounded. Larger
 * appends skip the WAL and go straight to the file.
 */
const APPENDER_ROWS = 1_000_000;

/**
 * Writes column batches into the warehouse. DuckDB: one appender per table, kept open over
 * several batches so DuckDB writes its own large batches (a table write per 150k-row batch cost
 * ~15% more CPU). Elsewhere (PostgreSQL): COPY per batch.
 */
export class TableWriter implements BatchTarget {
  private readonly appenders = new Map<string, { appender: ColumnAppender; rows: number }>();

  constructor(private readonly wh: Warehouse) {}

  /** A batch of columns, numbers and dates typed where they could be (tableBuffer.ts). */
  async load(table: string, columns: EncodedColumn[]): Promise<void> {
    const wh = this.wh as Partial<DuckDbWarehouse>;
    if (!wh.openAppender) return bulkInsertColumns(this.wh, table, decodeColumns(table, columns));
    let open = this.appenders.get(table);
    if (!open) this.appenders.set(table, (open = { appender: await wh.openAppender(table), rows: 0 }));
    await open.appender.append(columns);
    open.rows += rowsOf(columns);
    if (open.rows >= APPENDER_ROWS) {
      this.appenders.delete(table);
      await open.appender.close();
    }
  }

  /** Closes the open appenders: every row written so far is in its table after this. */
  async finish(): Promise<void> {
    for (const { appender } of this.appenders.values()) await appender.close();
    this.appenders.clear();
  }
}

export function rowsOf(columns: readonly EncodedColumn[]): number {
  const first = columns[0];
  if (!first) return 0;
  return Array.isArray(first) ? first.length : first.values.length;
}
