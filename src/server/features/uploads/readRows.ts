import type { RawCell } from './cellText.js';
import type { FileKind } from './fileKind.js';
import { readCsv } from './csv/readCsv.js';
import { readXlsx } from './xlsx/readXlsx.js';

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
  return kind === 'csv' ? readCsv(path, BATCH) : readXlsx(path, width);
}
