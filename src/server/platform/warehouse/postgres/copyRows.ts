import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** Rows per chunk handed to the COPY stream: large enough to amortise, small enough to stream. */
const CHUNK_ROWS = 2000;

/**
 * Loads rows with `COPY table (columns) FROM STDIN` in PostgreSQL's text format: one statement
 * (all rows or none), no bind-parameter limit, and several times the speed of multi-row INSERTs.
 * Values are encoded, never spliced into SQL; table and column names must be plain identifiers.
 */
export async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table) || !columns.every((c) => /^[a-z_][a-z0-9_]*$/.test(c)))
    throw new Error(`Bad table or column name in COPY into "${table}"`);
  const sink = client.query(copyFrom(`COPY ${table} (${columns.join(',')}) FROM STDIN`));
  await pipeline(Readable.from(textChunks(rows)), sink);
}

function* textChunks(rows: readonly (readonly unknown[])[]): Generator<string> {
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    let chunk = '';
    for (const row of rows.slice(start, start + CHUNK_ROWS)) chunk += `${row.map(copyText).join('\t')}\n`;
    yield chunk;
  }
}

/** One value in COPY's text format: \N for null, backslash escapes for the separators. */
export function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}
