import {
  dateValue,
  DuckDBTypeId,
  listValue,
  type DuckDBMaterializedResult,
  type DuckDBResult,
  type DuckDBValue,
} from '@duckdb/node-api';

const DAY_MS = 86_400_000;

/**
 * Wide integer and decimal types come out of getRowObjectsJson as strings (and NaN / Infinity
 * doubles as 'NaN' / 'Infinity'); we want numbers.
 */
const NUMERIC_AS_STRING = new Set<DuckDBTypeId>([
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.DECIMAL,
  DuckDBTypeId.BIGNUM,
]);

/** 'YYYY-MM-DD' -> DuckDB date (days since 1970-01-01). */
export function isoToDuckDbDate(iso: string): DuckDBValue {
  const ms = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new Error(`Not a YYYY-MM-DD date: "${iso}"`);
  return dateValue(Math.round(ms / DAY_MS));
}

/** A query parameter from JS to DuckDB. Arrays become LIST values (for `= ANY($1)` / `IN (SELECT UNNEST($1))`). */
export function toDuckDbParam(value: unknown): DuckDBValue {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return listValue(value.map(toDuckDbParam));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value;
  throw new Error(`Unsupported query parameter type: ${typeof value}`);
}

/**
 * Rows as plain objects: BIGINT/HUGEINT/DECIMAL -> number, DATE stays 'YYYY-MM-DD' (its JSON
 * form), TIMESTAMP an ISO-like string. Done once here so no caller casts in SQL.
 */
export async function readRows<T>(result: DuckDBMaterializedResult): Promise<T[]> {
  return numbersFromJson<T>(result, await result.getRowObjectsJson());
}

/** The same rows, a DuckDB chunk (2,048 rows) at a time, from a streaming result. */
export async function* streamRows<T>(result: DuckDBResult): AsyncGenerator<T[]> {
  for await (const rows of result.yieldRowObjectJson()) yield numbersFromJson<T>(result, rows);
}

function numbersFromJson<T>(result: DuckDBResult, rows: Record<string, unknown>[]): T[] {
  const names = result.columnNames();
  const numeric = result.columnTypes().map((type) => NUMERIC_AS_STRING.has(type.typeId));
  if (numeric.some(Boolean)) {
    for (const row of rows) {
      names.forEach((name, i) => {
        const value = row[name];
        if (numeric[i] && typeof value === 'string') row[name] = Number(value);
      });
    }
  }
  return rows as T[];
}
