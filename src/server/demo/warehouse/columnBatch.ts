import type { TypedColumn } from '../../platform/warehouse/duckdb/duckDbAppend.js';
import { tableColumnInfo } from '../../platform/warehouse/schema/tableColumns.js';

/**
 * A column crossing from the generation worker to the writing thread: numbers and dates as a
 * typed array (moved, not copied, and written into DuckDB's vectors in one copy), anything else
 * (text, wide integers) as the values themselves.
 */
export type EncodedColumn = unknown[] | TypedColumn;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of each YYYY-MM-DD date seen: a year's build has about 400 of them. */
const daysOf = new Map<string, number>();

/** A DATE column's value as held in a typed column: days since 1970-01-01; undefined: not a date. */
export function isoDays(iso: string): number | undefined {
  let days = daysOf.get(iso);
  if (days === undefined) {
    const ms = Date.parse(`${iso}T00:00:00Z`);
    if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return undefined;
    daysOf.set(iso, (days = Math.round(ms / DAY_MS)));
  }
  return days;
}

/** A typed column's values again (dates as YYYY-MM-DD, NULL rows as null). */
export function decodeColumn(column: TypedColumn, isDate: boolean): unknown[] {
  return Array.from(column.values, (v, i) =>
    column.nulls?.[i] ? null : isDate ? new Date(v * DAY_MS).toISOString().slice(0, 10) : v,
  );
}

/** The values again, for a warehouse that takes plain columns. */
export function decodeColumns(table: string, columns: readonly EncodedColumn[]): unknown[][] {
  const info = tableColumnInfo(table);
  return columns.map((column, c) =>
    Array.isArray(column) ? column : decodeColumn(column, info[c]?.type === 'DATE'),
  );
}
