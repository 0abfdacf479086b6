import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { csvLine } from '../monitoring/csvExport.js';
import type { ExportColumn } from '../monitoring/xlsxExport.js';
import { reportHeaderLines, type ReportMeta } from './reportHeader.js';

const line = csvLine;

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
