import {
  DuckDBDataChunk,
  DuckDBTypeId,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
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

/** Lets the event loop turn: Node runs native objects' finalizers (freeing their memory) there. */
const turnEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An appender kept open over several appends (an upload's batches): flushed once, at close. */
export interface ColumnAppender {
  /** Appends whole columns (every column of the table, in table order, equal lengths). */
  append(columns: readonly (readonly unknown[])[]): Promise<void>;
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
      const rowCount = columns[0]?.length ?? 0;
      if (rowCount === 0) return;
      if (columns.length !== types.length || columns.some((c) => c.length !== rowCount)) {
        throw new Error(`${table}: expected ${types.length} columns of ${rowCount} values`);
      }
      for (let start = 0; start < rowCount; start += CHUNK_ROWS) {
        const end = Math.min(start + CHUNK_ROWS, rowCount);
        // The appender copies the chunk's rows, so the chunk can take the next slice.
        chunk.reset();
        chunk.rowCount = end - start;
        chunk.setColumns(columns.map((column, c) => convert[c]!(column.slice(start, end))));
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
