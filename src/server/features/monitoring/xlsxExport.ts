import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { MAX_EXPORT_ROWS } from '../../language/query/compileDatasetQuery.js';
import { escapeCell } from './formulaEscape.js';

export interface ExportColumn {
  field: string;
  header: string;
  /** The grid column's kind (percent, integer, date, ...): export jobs keep it as a number format. */
  format?: string;
}

/** Rows written between two turns of the event loop: other requests wait at most this long. */
const ROWS_PER_TURN = 500;

export const TRUNCATED_NOTE = `Stopped at ${MAX_EXPORT_ROWS.toLocaleString('en-US')} rows, the most a sheet holds: narrow the filters to export the rest.`;

/**
 * Writes one sheet (a header row, then the rows' values, every text cell escaped) to `out` as
 * the batches arrive: exceljs's streaming writer zips committed rows away, so memory holds about
 * one batch whatever the export's size. It yields to the event loop every ROWS_PER_TURN rows and
 * waits while `out` is full (a slow client slows the export down instead of filling memory).
 */
export async function writeXlsx(
  sheetName: string,
  columns: ExportColumn[],
  batches: AsyncIterable<Record<string, unknown>[]>,
  out: Writable,
): Promise<{ rows: number }> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/*?:[\]]/g, ' ') || 'Data');
  sheet.columns = columns.map((c) => ({ width: Math.min(50, Math.max(10, c.header.length + 2)) }));
  const header = sheet.addRow(columns.map((c) => escapeCell(c.header)));
  header.font = { bold: true };
  header.commit();
  let rows = 0;
  for await (const batch of batches) {
    for (const row of batch) {
      sheet.addRow(columns.map((c) => escapeCell(row[c.field] ?? null))).commit();
      if (++rows % ROWS_PER_TURN === 0) await nextTurn();
    }
    if (out.destroyed) throw new Error('export download closed');
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  }
  // The query stops at the sheet's limit: say so in the file rather than cut silently.
  if (rows >= MAX_EXPORT_ROWS) sheet.addRow([TRUNCATED_NOTE]).commit();
  sheet.commit();
  await workbook.commit();
  return { rows };
}
