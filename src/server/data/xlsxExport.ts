import ExcelJS from 'exceljs';
import { escapeCell } from './formulaEscape.js';

export interface ExportColumn {
  field: string;
  header: string;
}

/** One sheet: a header row and the rows' values, every text cell escaped. */
export async function buildXlsx(sheetName: string, columns: ExportColumn[], rows: Record<string, unknown>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/*?:[\]]/g, ' ') || 'Data');
  sheet.addRow(columns.map((c) => escapeCell(c.header)));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => escapeCell(row[c.field] ?? null)));
  columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.min(50, Math.max(10, c.header.length + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
