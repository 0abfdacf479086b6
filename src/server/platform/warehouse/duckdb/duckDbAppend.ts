import {
  dateValue,
  DuckDBDataChunk,
  DuckDBTypeId,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
  type DuckDBVector,
} from '@duckdb/node-api';
import { isoToDuckDbDate } from './duckDbValues.js';

/** DuckDB's vector size: a data chunk holds at most this many rows. */
const CHUNK_ROWS = 2048;

type ColumnConverter = (values: unknown[]) => DuckDBValue[];

/** Maps a column slice to DuckDB values in place: dates to day numbers, wide ints to bigint. */
function converterFor(type: DuckDBType): ColumnConverter {
  const each =
    (f: (value: NonNullable<unknown>) => DuckDBValue): ColumnConverter =>
    (values) => {
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        values[i] = v === null || v === undefined ? null : f(v);
      }
      return values as DuckDBValue[];
    };
  switch (type.typeId) {
    case DuckDBTypeId.DATE: {
      const cache = new Map<string, DuckDBValue>();
      return each((value) => {
        if (typeof value === 'number') return dateValue(value); // days, from a typed column
        const iso = value as string;
        let date = cache.get(iso);
        if (date === undefined) cache.set(iso, (date = isoToDuckDbDate(iso)));
        return date;
      });
    }
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.HUGEINT:
      return each((value) => BigInt(value as number));
    default:
      return each((value) => value as DuckDBValue);
  }
}

/**
 * A column of numbers as a typed array (a DATE column: days since 1970-01-01) and its NULL rows
 * (1 = NULL). The demo generator's worker hands these over (demo/warehouse/columnBatch.ts).
 */
export interface TypedColumn {
  readonly values: Int32Array | Float64Array;
  readonly nulls?: Uint8Array | undefined;
}

/** A column of an append: its values, or a typed column. */
export type AppendColumn = readonly unknown[] | TypedColumn;

type NumberItems = Int8Array | Int16Array | Int32Array | Float32Array | Float64Array;

function isNumberItems(items: unknown): items is NumberItems {
  return (
    items instanceof Int32Array ||
    items instanceof Int16Array ||
    items instanceof Float64Array ||
    items instanceof Int8Array ||
    items instanceof Float32Array
  );
}

/**
 * Writes rows start..end of a typed column into a fixed-width vector with one copy instead of a
 * call per value; false when the vector is not such a vector (the caller sets values instead).
 * `items` is the vector's view of its native memory (@duckdb/node-api keeps it private).
 */
function setTyped(vector: DuckDBVector, column: TypedColumn, start: number, end: number): boolean {
  const items = (vector as unknown as { items?: unknown }).items;
  if (!isNumberItems(items) || items.length !== end - start) return false;
  items.set(column.values.subarray(start, end));
  const { nulls } = column;
  if (nulls) for (let i = start; i < end; i++) if (nulls[i]) vector.setItem(i - start, null);
  vector.flush();
  return true;
}

/** Lets the event loop turn: Node runs native objects' finalizers (freeing their memory) there. */
const turnEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An appender kept open over several appends (an upload's batches): flushed once, at close. */
export interface ColumnAppender {
  /** Appends whole columns (every column of the table, in table order, equal lengths). */
  append(columns: readonly AppendColumn[]): Promise<void>;
  /** Flushes what DuckDB has not written yet and closes; idempotent. */
  close(): Promise<void>;
}

/**
 * An appender on `table` (in `catalog` when given: an attached database) that takes whole
 * columns, one 2048-row data chunk at a time. Column-major input is what the appender wants,
 * and primitive columns are far cheaper for the garbage collector than row arrays. Kept open
 * across appends, DuckDB writes the rows to the table in its own large batches; an appender per
 * 50k-row batch cost a table write (flushSync, on the main thread) per batch, ~2x the time.
 *
 * Native memory (docs/warehouse.md, "memory of a large load"): a data chunk lives in C++ memory
 * that the JS garbage collector does not see, and Node frees it only from a finalizer that runs
 * when the event loop turns. A load that only awaits already-settled promises (the appender
 * calls are synchronous) never turns it, so a chunk per 2,048 rows piled up to ~1 GB over the
 * large tenant's build. Hence one chunk per appender, reset between slices, and a loop turn
 * after every append.
 */
export async function openColumnAppender(
  connection: DuckDBConnection,
  table: string,
  catalog?: string,
): Promise<ColumnAppender> {
  const appender = await connection.createAppender(table, catalog ? 'main' : null, catalog ?? null);
  const types = Array.from({ length: appender.columnCount }, (_, i) => appender.columnType(i));
  const convert = types.map(converterFor);
  const chunk = DuckDBDataChunk.create(types);
  let open = true;
  return {
    async append(columns) {
      const rowCount = columns[0] ? lengthOf(columns[0]) : 0;
      if (rowCount === 0) return;
      if (columns.length !== types.length || columns.some((c) => lengthOf(c) !== rowCount)) {
        throw new Error(`${table}: expected ${types.length} columns of ${rowCount} values`);
      }
      for (let start = 0; start < rowCount; start += CHUNK_ROWS) {
        const end = Math.min(start + CHUNK_ROWS, rowCount);
        // The appender copies the chunk's rows, so the chunk can take the next slice.
        chunk.reset();
        chunk.rowCount = end - start;
        columns.forEach((column, c) => {
          if (isTyped(column) && setTyped(chunk.getColumnVector(c), column, start, end)) return;
          chunk.setColumnValues(c, convert[c]!(valuesOf(column, start, end)));
        });
        appender.appendDataChunk(chunk);
      }
      await turnEventLoop();
    },
    async close() {
      if (!open) return;
      open = false;
      try {
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
      await turnEventLoop();
    },
  };
}

function isTyped(column: AppendColumn): column is TypedColumn {
  return !Array.isArray(column);
}

function lengthOf(column: AppendColumn): number {
  return isTyped(column) ? column.values.length : column.length;
}

/** Rows start..end as values (a typed DATE column's days become dates by its converter's type). */
function valuesOf(column: AppendColumn, start: number, end: number): unknown[] {
  if (!isTyped(column)) return column.slice(start, end);
  const out: unknown[] = Array.from(column.values.subarray(start, end));
  if (column.nulls) for (let i = start; i < end; i++) if (column.nulls[i]) out[i - start] = null;
  return out;
}

/** Appends whole columns (every column of the table, in table order, equal lengths) at once. */
export async function appendColumns(
  connection: DuckDBConnection,
  table: string,
  columns: readonly (readonly unknown[])[],
): Promise<void> {
  if ((columns[0]?.length ?? 0) === 0) return;
  const appender = await openColumnAppender(connection, table);
  try {
    await appender.append(columns);
  } finally {
    await appender.close();
  }
}

/** Row-major convenience over appendColumns: full rows in table column order. */
export function appendRows(
  connection: DuckDBConnection,
  table: string,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  const width = rows[0]?.length ?? 0;
  const columns = Array.from({ length: width }, () => new Array<unknown>(rows.length));
  rows.forEach((row, r) => {
    if (row.length !== width) throw new Error(`${table}: rows of different lengths`);
    for (let c = 0; c < width; c++) columns[c]![r] = row[c];
  });
  return appendColumns(connection, table, columns);
}
