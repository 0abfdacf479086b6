import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { escapeCell } from '../monitoring/formulaEscape.js';
import type { ExportColumn } from '../monitoring/xlsxExport.js';
import { cellValueOf, numberFormatOf } from './cellFormats.js';
import { reportHeaderLines, type ReportMeta } from './reportHeader.js';
import { waitForSheetBacklog } from './sheetBackpressure.js';

/** Rows a sheet holds (Excel's limit); past it the export goes on in a new sheet, never stops. */
export const SHEET_ROWS = 1_048_576;
const ROWS_PER_TURN = 500;

/**
 * Streams an export to `out` as xlsx with exceljs's streaming writer (memory holds about one
 * batch): a header block naming the screen, filters and date range, the column headers, then the
 * rows with their grid formats in the user's number style (percent as percent), rolling over to "Data (2)"... when a sheet
 * is full. `onRows` hears the running count after each batch (the job's progress).
 */
export async function writeReportXlsx(
  meta: ReportMeta,
  columns: ExportColumn[],
  batches: AsyncIterable<Record<string, unknown>[]>,
  out: Writable,
  onRows: (rows: number) => Promise<void>,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const header = reportHeaderLines(meta);
  let sheetNo = 0;
  let sheet = openSheet();
  let inSheet = 0;
  let rows = 0;

  function openSheet(): ExcelJS.Worksheet {
    sheetNo++;
    const s = workbook.addWorksheet(sheetNo === 1 ? 'Data' : `Data (${sheetNo})`);
    s.columns = columns.map((c) => ({
      width: Math.min(50, Math.max(10, c.header.length + 2)),
      style: { numFmt: numberFormatOf(c.format, meta.numberStyle) },
    }));
    for (const [label, value] of header) s.addRow([label, escapeCell(value)]).commit();
    s.addRow([]).commit();
    const head = s.addRow(columns.map((c) => escapeCell(c.header)));
    head.font = { bold: true };
    head.commit();
    return s;
  }

  const room = SHEET_ROWS - header.length - 2;
  for await (const batch of batches) {
    for (const row of batch) {
      if (inSheet === room) {
        sheet.commit();
        sheet = openSheet();
        inSheet = 0;
      }
      sheet.addRow(columns.map((c) => escapeCell(cellValueOf(c.format, row[c.field] ?? null)))).commit();
      inSheet++;
      if (++rows % ROWS_PER_TURN === 0) {
        await waitForSheetBacklog(sheet);
        await nextTurn();
      }
    }
    if (out.writableNeedDrain) await once(out, 'drain');
    await onRows(rows);
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}
