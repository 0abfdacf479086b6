import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { escapeCell } from './formulaEscape.js';
import type { ExportColumn } from './xlsxExport.js';

/** RFC 4180 quoting; formula leads are escaped first, as in xlsx (formulaEscape.ts). */
export function csvCell(value: unknown): string {
  const v = escapeCell(value ?? null);
  const text =
    v === null || v === undefined
      ? ''
      : typeof v === 'string'
        ? v
        : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint'
          ? String(v)
          : JSON.stringify(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated. */
export const csvLine = (cells: unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Streams a grid's rows as CSV (a header record, then the rows batch by batch), waiting while
 * `out` is full so a slow client slows the export instead of filling memory. A BOM leads so
 * Excel reads the rupee sign and other non-ASCII text as UTF-8.
 */
export async function writeCsv(
  columns: ExportColumn[],
  batches: AsyncIterable<Record<string, unknown>[]>,
  out: Writable,
): Promise<{ rows: number }> {
  let rows = 0;
  out.write(`\uFEFF${csvLine(columns.map((c) => c.header))}`);
  for await (const batch of batches) {
    const text = batch.map((row) => csvLine(columns.map((c) => row[c.field]))).join('');
    rows += batch.length;
    if (out.destroyed) throw new Error('export download closed');
    if (!out.write(text)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  }
  out.end();
  return { rows };
}
