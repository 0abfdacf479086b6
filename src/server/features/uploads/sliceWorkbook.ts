import ExcelJS from 'exceljs';
import type { UploadDeclaration } from '../../../shared/config.gen.js';
import { escapeCell } from '../monitoring/formulaEscape.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';

/** Most rows a slice download holds; a channel's month of daily SKU sales is far below it. */
const MAX_ROWS = 200_000;

/**
 * A loaded slice as a file in the template's shape (same headers), so a user can download a
 * month, correct it and upload it again. Lookup columns are turned back into what the user
 * typed (product id -> SKU code) through the same dimension.
 */
export async function sliceRowsWorkbook(
  wh: Warehouse,
  upload: UploadDeclaration,
  groupId: number,
  /** Conditions on the target aliased `t`, $1 being the group. */
  where: string,
  params: readonly unknown[],
): Promise<Buffer> {
  const select = upload.columns.map((c, i) => {
    const l = c.lookup;
    if (!l) return `t.${c.field} AS c${i}`;
    const tenantKey = tenantKeyOf(l.table);
    const tenant = tenantKey ? ` AND l.${tenantKey} = $1` : '';
    return `(SELECT MIN(l.${l.match}) FROM ${l.table} l WHERE l.${l.key} = t.${c.field}${tenant}) AS c${i}`;
  });
  const order = upload.columns.map((_, i) => `c${i}`).join(', ');
  const rows = await wh.query<Record<string, unknown>>(
    `SELECT ${select.join(', ')} FROM ${upload.target.table} t WHERE ${where} ORDER BY ${order} LIMIT ${MAX_ROWS}`,
    params,
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(upload.title.slice(0, 31).replace(/[\\/*?:[\]]/g, ' '));
  sheet.columns = upload.columns.map((c) => ({ header: c.header, width: Math.max(14, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(upload.columns.map((_, i) => escapeCell(row[`c${i}`] ?? null)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
