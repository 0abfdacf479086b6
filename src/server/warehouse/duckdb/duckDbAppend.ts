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

/**
 * Appends whole columns (every column of the table, in table order, equal lengths) through
 * DuckDB's appender, one 2048-row data chunk at a time. Column-major input is what the appender
 * wants, and primitive columns are far cheaper for the garbage collector than row arrays.
 */
export async function appendColumns(
  connection: DuckDBConnection,
  table: string,
  columns: readonly (readonly unknown[])[],
): Promise<void> {
  const rowCount = columns[0]?.length ?? 0;
  if (rowCount === 0) return;
  const appender = await connection.createAppender(table);
  try {
    const types = Array.from({ length: appender.columnCount }, (_, i) => appender.columnType(i));
    if (columns.length !== types.length || columns.some((c) => c.length !== rowCount)) {
      throw new Error(`${table}: expected ${types.length} columns of ${rowCount} values`);
    }
    const convert = types.map(converterFor);
    for (let start = 0; start < rowCount; start += CHUNK_ROWS) {
      const end = Math.min(start + CHUNK_ROWS, rowCount);
      const chunk = DuckDBDataChunk.create(types, end - start);
      chunk.setColumns(columns.map((column, c) => convert[c]!(column.slice(start, end))));
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
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
