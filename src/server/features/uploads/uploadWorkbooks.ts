import ExcelJS from 'exceljs';
import type { UploadDeclaration } from '../../../shared/config.gen.js';
import { escapeCell } from '../monitoring/formulaEscape.js';
import type { RowError } from './rowValidator.js';
import { MAX_KEPT_ERRORS } from './uploadLimits.js';

const sheetName = (title: string): string => title.slice(0, 31).replace(/[\\/*?:[\]]/g, ' ') || 'Data';

const TYPE_TEXT: Record<string, string> = {
  string: 'Text',
  integer: 'Whole number',
  number: 'Number',
  date: 'Date (YYYY-MM-DD)',
};

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The template of an upload, generated from its declaration: the data sheet holds the header
 * row only (an untouched template loads nothing), the second sheet explains each column.
 */
export function templateWorkbook(upload: UploadDeclaration): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const data = workbook.addWorksheet(sheetName(upload.title));
  data.columns = upload.columns.map((c) => ({ header: c.header, width: Math.max(14, c.header.length + 4) }));
  data.getRow(1).font = { bold: true };
  upload.columns.forEach((c, i) => {
    // Dates typed as text keep their YYYY-MM-DD form; Excel would reformat a date cell by locale.
    if (c.type === 'date') data.getColumn(i + 1).numFmt = '@';
  });
  const help = workbook.addWorksheet('Instructions');
  help.columns = [
    { header: 'Column', width: 22 },
    { header: 'Type', width: 20 },
    { header: 'Required', width: 10 },
    { header: 'Allowed values', width: 40 },
    { header: 'Example', width: 20 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of upload.columns) {
    const limits = [
      c.min !== undefined ? `>= ${c.min}` : '',
      c.max !== undefined ? `<= ${c.max}` : '',
    ].filter(Boolean);
    const allowed = c.allowed?.join(', ') ?? (c.lookup ? `a known ${c.header}` : limits.join(' and '));
    help.addRow(
      [c.header, TYPE_TEXT[c.type], c.required ? 'Yes' : 'No', allowed, c.example ?? ''].map(escapeCell),
    );
  }
  return toBuffer(workbook);
}

/** The error file: one line per bad cell (row, column, value, message); values stay text. */
export function errorWorkbook(errors: readonly RowError[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Errors');
  sheet.columns = [
    { header: 'Row', width: 8 },
    { header: 'Column', width: 22 },
    { header: 'Value', width: 30 },
    { header: 'Message', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const e of errors) sheet.addRow([e.row, e.column, escapeCell(e.value), e.message]);
  if (errors.length >= MAX_KEPT_ERRORS) {
    sheet.addRow([
      '',
      '',
      '',
      `The first ${MAX_KEPT_ERRORS.toLocaleString('en-US')} errors are listed; fix them and upload again to see the rest.`,
    ]);
  }
  return toBuffer(workbook);
}
