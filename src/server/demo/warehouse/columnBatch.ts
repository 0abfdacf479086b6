import type { TypedColumn } from '../../platform/warehouse/duckdb/duckDbAppend.js';
import { tableColumnInfo } from '../../platform/warehouse/schema/tableColumns.js';

/**
 * A column crossing from the generation worker to the writing thread: numbers and dates as a
 * typed array (moved, not copied, and written into DuckDB's vectors in one copy), anything else
 * (text, wide integers) as the values themselves.
 */
export type EncodedColumn = unknown[] | TypedColumn;

const DAY_MS = 86_400_000;
const INT_RANGE = { INTEGER: 2 ** 31, SMALLINT: 2 ** 15 } as const;

function daysOf(iso: string, cache: Map<string, number>): number {
  let days = cache.get(iso);
  if (days === undefined) {
    const ms = Date.parse(`${iso}T00:00:00Z`);
    if (Number.isNaN(ms)) throw new Error(`Not a YYYY-MM-DD date: "${iso}"`);
    cache.set(iso, (days = Math.round(ms / DAY_MS)));
  }
  return days;
}

/** A typed copy of `values` for a column of SQL `type`, or null when a value does not fit it. */
function typed(type: string, values: readonly unknown[], dates: Map<string, number>): TypedColumn | null {
  const range = INT_RANGE[type as keyof typeof INT_RANGE];
  const isDate = type === 'DATE';
  if (!range && !isDate && type !== 'DOUBLE') return null;
  const out = type === 'DOUBLE' ? new Float64Array(values.length) : new Int32Array(values.length);
  let nulls: Uint8Array | undefined;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      (nulls ??= new Uint8Array(values.length))[i] = 1;
    } else if (isDate) {
      if (typeof v !== 'string') return null;
      out[i] = daysOf(v, dates);
    } else {
      if (typeof v !== 'number') return null;
      if (range && (!Number.isInteger(v) || v < -range || v >= range)) return null;
      out[i] = v;
    }
  }
  return { values: out, nulls };
}

/** Encodes a batch of full-row columns of `table` and lists the buffers to move with it. */
export function encodeColumns(
  table: string,
  columns: readonly unknown[][],
): { encoded: EncodedColumn[]; transfer: ArrayBuffer[] } {
  const info = tableColumnInfo(table);
  const dates = new Map<string, number>();
  const transfer: ArrayBuffer[] = [];
  const encoded = columns.map((values, c): EncodedColumn => {
    const column = typed(info[c]?.type ?? '', values, dates);
    if (!column) return values;
    transfer.push(column.values.buffer as ArrayBuffer);
    if (column.nulls) transfer.push(column.nulls.buffer as ArrayBuffer);
    return column;
  });
  return { encoded, transfer };
}

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
