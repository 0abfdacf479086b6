import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../../shared/errors.js';
import type { FileRow } from '../readRows.js';
import { readXlsx, type XlsxLimits } from './readXlsx.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'read-xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** Writes a workbook with exceljs (as Excel would: shared strings, styles) and returns its path. */
async function written(fill: (workbook: ExcelJS.Workbook) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook);
  const file = path.join(dir, `book${++files}.xlsx`);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function rowsOf(file: string, width = 5, limits?: XlsxLimits): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for await (const batch of readXlsx(file, width, limits)) rows.push(...batch);
  return rows;
}

const LARGE = 1024 * 1024 * 1024;

describe('readXlsx', () => {
  it('reads shared strings (rich text joined, entities decoded), numbers, booleans and error cells', async () => {
    const file = await written((wb) => {
      const sheet = wb.addWorksheet('Sales');
      sheet.addRow(['Channel', 'Units', 'Revenue', 'Promo', 'Note']);
      sheet.addRow(['Amazon', 7, 12.5, true, 'A & B <c> "q"']);
      sheet.addRow([
        { richText: [{ text: 'Big ' }, { font: { bold: true }, text: 'Basket' }] },
        -3,
        1e-7,
        false,
        { error: '#DIV/0!' },
      ]);
      sheet.addRow(['Amazon', 0, 123456789.25, null, '  padded  ']);
    });
    expect((await rowsOf(file)).map((r) => [r.line, r.cells])).toEqual([
      [1, ['Channel', 'Units', 'Revenue', 'Promo', 'Note']],
      [2, ['Amazon', 7, 12.5, true, 'A & B <c> "q"']],
      [3, ['Big Basket', -3, 1e-7, false, '#DIV/0!']],
      [4, ['Amazon', 0, 123456789.25, null, '  padded  ']],
    ]);
  });

  it('reads a number in a date style as a Date: built-in and custom formats, not other number formats', async () => {
    const file = await written((wb) => {
      const sheet = wb.addWorksheet('Dates');
      sheet.addRow(['Sale Date', 'Custom', 'Quoted d', 'Percent', 'Time']);
      const row = sheet.addRow([new Date(Date.UTC(2026, 2, 1)), 46_082, 46_082, 0.25, 0.5]);
      row.getCell(2).numFmt = 'dd/mm/yyyy';
      row.getCell(3).numFmt = '#,##0 "days"';
      row.getCell(4).numFmt = '0.00%';
      row.getCell(5).numFmt = 'hh:mm';
    });
    const [, row] = await rowsOf(file);
    expect(row!.cells).toEqual([
      new Date(Date.UTC(2026, 2, 1)),
      new Date(Date.UTC(2026, 2, 1)),
      46_082,
      0.25,
      new Date(Date.UTC(1899, 11, 30, 12)),
    ]);
  });

  it('counts dates from 1904 in a workbook of the 1904 date system', async () => {
    const file = await written((wb) => {
      wb.properties.date1904 = true;
      const sheet = wb.addWorksheet('Dates');
      sheet.addRow(['Sale Date']);
      sheet.addRow([44_620]).getCell(1).numFmt = 'yyyy-mm-dd';
    });
    const [, row] = await rowsOf(file);
    expect(row!.cells).toEqual([new Date(Date.UTC(2026, 2, 1))]);
  });

  it('reads formulas as their text, never their cached result', async () => {
    const file = await written((wb) => {
      const sheet = wb.addWorksheet('Formulas');
      sheet.addRow(['Units', 'SKU Code']);
      sheet.addRow([
        { formula: 'SUM(1,2)', result: 3 },
        { formula: 'CONCAT("A","B")', result: 'AB' },
      ]);
      sheet.addRow([{ formula: 'A2*2', result: 6 }, 'plain']);
    });
    expect((await rowsOf(file)).slice(1).map((r) => r.cells)).toEqual([
      ['=SUM(1,2)', '=CONCAT("A","B")'],
      ['=A2*2', 'plain'],
    ]);
  });

  it('places sparse cells by their column letters and keeps the sheet row numbers', async () => {
    const file = await written((wb) => {
      const sheet = wb.addWorksheet('Sparse');
      sheet.getCell('A1').value = 'Channel';
      sheet.getCell('D1').value = 'Units';
      sheet.getCell('B4').value = 'Amazon';
      sheet.getCell('AB7').value = 9;
    });
    expect((await rowsOf(file, 10)).map((r) => [r.line, r.cells])).toEqual([
      [1, ['Channel', null, null, 'Units']],
      [4, [null, 'Amazon']],
      [7, [...Array<null>(27).fill(null), 9]],
    ]);
  });

  it('drops the cells past 4 x the template width (at least 64 columns) as it reads', async () => {
    const file = await written((wb) => {
      const sheet = wb.addWorksheet('Wide');
      sheet.addRow(Array.from({ length: 200 }, (_, i) => `h${i + 1}`));
    });
    const [header] = await rowsOf(file, 20);
    expect(header!.cells).toHaveLength(80);
    expect(header!.cells[79]).toBe('h80');
    const [narrow] = await rowsOf(file, 2);
    expect(narrow!.cells).toHaveLength(64);
  });

  it('reads only the first tab and streams a large sheet in batches', async () => {
    const file = await written((wb) => {
      const first = wb.addWorksheet('First');
      first.addRow(['n']);
      // Past one 256 KB inflate chunk on every Node line (Node 22+ hands the inflater larger
      // pieces than Node 20: 2,500 rows came as one batch there).
      for (let i = 1; i <= 30_000; i++) first.addRow([i]);
      wb.addWorksheet('Second').addRow(['other']);
    });
    const batches: number[] = [];
    let last: FileRow | undefined;
    for await (const batch of readXlsx(file, 1)) {
      batches.push(batch.length);
      last = batch.at(-1);
    }
    expect(batches.reduce((a, b) => a + b)).toBe(30_001);
    expect(batches.length).toBeGreaterThan(1);
    expect(last).toEqual({ line: 30_001, cells: [30_000] });
  });

  it('can be left early (the pipeline stops at its row limit) without reading the rest', async () => {
    const file = await written((wb) => {
      const sheet = wb.addWorksheet('Long');
      for (let i = 1; i <= 5000; i++) sheet.addRow([i]);
    });
    let seen = 0;
    for await (const batch of readXlsx(file, 1)) {
      seen += batch.length;
      break;
    }
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(5000);
  });

  it('refuses shared strings past their memory bound with a 400', async () => {
    const file = await written((wb) => {
      const sheet = wb.addWorksheet('Text');
      for (let i = 0; i < 200; i++) sheet.addRow([`a distinct text number ${i}`]);
    });
    const limits = { unzippedBytes: LARGE, sharedStringsBytes: 4096 };
    const refused = await rowsOf(file, 1, limits).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).message).toMatch(
      /^The file's text table \(shared strings\) is larger than/,
    );
    expect(await rowsOf(file, 1, { unzippedBytes: LARGE, sharedStringsBytes: 64 * 1024 })).toHaveLength(200);
  });

  it('stops a sheet that inflates past the unzip limit as it is read (the zip bomb message)', async () => {
    const file = await written((wb) => {
      const sheet = wb.addWorksheet('Big');
      for (let i = 0; i < 3000; i++) sheet.addRow([i, i * 2, i * 3]);
    });
    await expect(rowsOf(file, 3, { unzippedBytes: 50_000, sharedStringsBytes: LARGE })).rejects.toMatchObject(
      {
        status: 400,
        message: 'The file expands past 400 MB when unzipped; it is refused.',
      },
    );
  });
});
