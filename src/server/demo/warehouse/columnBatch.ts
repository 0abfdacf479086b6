import type { TypedColumn } from '../../platform/warehouse/duckdb/duckDbAppend.js';
import { tableColumnInfo } from '../../platform/warehouse/schema/tableColumns.js';

/**
 * A column crossing from the generation worker to the writing thread: numbers and dates as a
 * typed array (moved, not copied, and written into DuckDB's vectors in one copy), anything else
 * (text, wide integers) as the values themselves.
 */
export type EncodedColumn = unknown[] | TypedColumn;

const DAY_MS = 86_400_000;

/** The values again (dates as YYYY-MM-DD), for a warehouse that takes plain columns. */
export function decodeColumns(table: string, columns: readonly EncodedColumn[]): unknown[][] {
  const info = tableColumnInfo(table);
  return columns.map((column, c) => {
    if (Array.isArray(column)) return column;
    const isDate = info[c]?.type === 'DATE';
    return Array.from(column.values, (v, i) =>
      column.nulls?.[i] ? null : isDate ? new Date(v * DAY_MS).toISOString().slice(0, 10) : v,
    );
  });
}
