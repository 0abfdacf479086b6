import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { rawCell, type RawCell } from './cellText.js';
import type { FileKind } from './fileKind.js';

/** A row of the file and its number as the user sees it (1 = the header in a spreadsheet app). */
export interface FileRow {
  line: number;
  cells: RawCell[];
}

/** Rows handed over at once: one await per batch, not per row, on a million-row file. */
const BATCH = 1000;

/**
 * The rows of an uploaded file, header first, in batches, read as a stream: neither a CSV nor
 * an xlsx is ever held whole in memory. Only the first worksheet of a workbook is read.
 */
export function readRows(path: string, kind: FileKind, width: number): AsyncIterable<FileRow[]> {
  return kind === 'csv' ? readCsv(path) : readXlsx(path, width);
}

async function* readCsv(path: string): AsyncGenerator<FileRow[]> {
  // Empty lines are kept (and skipped by the caller) so row numbers match the file's lines;
  // cells are trimmed by the validator, which trims spreadsheet text the same way.
  const parser = createReadStream(path).pipe(parse({ bom: true, relax_column_count: true }));
  let line = 0;
  let batch: FileRow[] = [];
  for await (const record of parser) {
    batch.push({ line: ++line, cells: record as string[] });
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * exceljs' streaming reader: shared strings cached (a sheet refers to them by index), styles
 * cached so date cells read as dates, hyperlinks skipped. Cells past the template's width
 * are dropped as they are read, so a sheet of a million columns costs nothing.
 */
async function* readXlsx(path: string, width: number): AsyncGenerator<FileRow[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  // exceljs reads a sheet that comes before xl/workbook.xml in the zip (the order varies, even
  // in files exceljs writes) against a workbook model it has not parsed yet and throws
  // (exceljs issue #962). An empty model until the real one arrives lets it read the rows.
  Object.assign(reader, { model: { sheets: [] } });
  // A sheet whose header sits past the template's columns is still read up to a bound.
  const keep = Math.max(width * 4, 64);
  let batch: FileRow[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as unknown[];
      const cells: RawCell[] = [];
      for (let c = 1; c < Math.min(values.length, keep + 1); c++) cells.push(rawCell(values[c]));
      batch.push({ line: row.number, cells });
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
    break;
  }
  if (batch.length > 0) yield batch;
}
