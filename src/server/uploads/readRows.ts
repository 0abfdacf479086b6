import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type { RawCell } from './cellText.js';
import type { FileKind } from './fileKind.js';
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
