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

function converterFor(type: DuckDBType): (value: unknown) => DuckDBValue {
  switch (type.typeId) {
    case DuckDBTypeId.DATE: {
      const cache = new Map<string, DuckDBValue>();
      return (value) => {
        if (value === null || value === undefined) return null;
        const iso = value as string;
        let date = cache.get(iso);
        if (date === undefined) cache.set(iso, (date = isoToDuckDbDate(iso)));
        return date;
      };
    }
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.HUGEINT:
      return (value) => (value === null || value === undefined ? null : BigInt(value as number));
    default:
      return (value) => (value === undefined ? null : (value as DuckDBValue));
  }
}

/**
 * Appends full rows (every column, in table order) through DuckDB's appender, a column-major
 * chunk at a time: about 30x faster than INSERT and 3x faster than the row-wise appender.
 */
export async function appendRows(
  connection: DuckDBConnection,
  table: string,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const appender = await connection.createAppender(table);
  try {
    const types = Array.from({ length: appender.columnCount }, (_, i) => appender.columnType(i));
    const convert = types.map(converterFor);
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const n = Math.min(CHUNK_ROWS, rows.length - start);
      const columns = types.map(() => new Array<DuckDBValue>(n));
      for (let r = 0; r < n; r++) {
        const row = rows[start + r]!;
        if (row.length !== types.length) {
          throw new Error(`${table}: row has ${row.length} values, table has ${types.length} columns`);
        }
        for (let c = 0; c < types.length; c++) columns[c]![r] = convert[c]!(row[c]);
      }
      const chunk = DuckDBDataChunk.create(types, n);
      chunk.setColumns(columns);
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}
