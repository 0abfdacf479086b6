import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { escapeCell } from '../monitoring/formulaEscape.js';
import type { ExportColumn } from '../monitoring/xlsxExport.js';
import { reportHeaderLines, type ReportMeta } from './reportHeader.js';

/** RFC 4180 quoting; formula leads are escaped first, as in xlsx. */
function csvCell(value: unknown): string {
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

const line = (cells: unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Streams an export as CSV: the same header block as xlsx, then the rows, batch by batch. */
export async function writeReportCsv(
  meta: ReportMeta,
  columns: ExportColumn[],
  batches: AsyncIterable<Record<string, unknown>[]>,
  out: Writable,
  onRows: (rows: number) => Promise<void>,
): Promise<number> {
  let text =
    reportHeaderLines(meta)
      .map((l) => line(l))
      .join('') +
    '\r\n' +
    line(columns.map((c) => c.header));
  let rows = 0;
  for await (const batch of batches) {
    for (const row of batch) text += line(columns.map((c) => row[c.field]));
    rows += batch.length;
    if (!out.write(text)) await once(out, 'drain');
    text = '';
    await onRows(rows);
  }
  out.end(text);
  await once(out, 'finish');
  return rows;
}
