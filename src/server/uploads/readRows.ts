import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { BadRequestError } from '../../shared/errors.js';
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
  return kind === 'csv' ? readCsv(path) : readXlsxSafely(path, width);
}

/** The streaming reader handed back shared-string indexes instead of the strings themselves. */
class SharedStringsMissing extends Error {}

/** Files read whole when the streaming reader loses their shared strings (see below). */
const WHOLE_READ_LIMIT = 16 * 1024 * 1024;

/**
 * exceljs' streaming reader parks a sheet stored before xl/sharedStrings.xml in a temp file and
 * reads it after the strings; inside a busy server that hand-over was seen to lose the strings
 * (every text cell read as `{ sharedString: n }`, so the header "did not match"). Such a file is
 * read again whole, within a size bound; nothing has been handed over when it is detected,
 * since the header is the first row.
 */
async function* readXlsxSafely(path: string, width: number): AsyncGenerator<FileRow[]> {
  let handedOver = false;
  try {
    for await (const batch of readXlsx(path, width)) {
      handedOver = true;
      yield batch;
    }
    return;
  } catch (e) {
    if (!(e instanceof SharedStringsMissing) || handedOver) throw e;
  }
  if ((await stat(path)).size > WHOLE_READ_LIMIT) {
    throw new BadRequestError(
      'The workbook could not be read as a stream; save it again in Excel and retry.',
    );
  }
  yield* readXlsxWhole(path, width);
}

async function* readXlsxWhole(path: string, width: number): AsyncGenerator<FileRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  if (!sheet) return;
  const keep = Math.max(width * 4, 64);
  const rows: FileRow[] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    const cells: RawCell[] = [];
    for (let c = 1; c < Math.min(values.length, keep + 1); c++) cells.push(rawCell(values[c]));
    rows.push({ line: row.number, cells });
  });
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

const isSharedStringIndex = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && 'sharedString' in v;

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
      for (let c = 1; c < Math.min(values.length, keep + 1); c++) {
        if (isSharedStringIndex(values[c])) throw new SharedStringsMissing();
        cells.push(rawCell(values[c]));
      }
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
