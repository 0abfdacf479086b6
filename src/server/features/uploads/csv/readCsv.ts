import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { FileRow } from '../readRows.js';
import { CsvRecords } from './csvRecords.js';

/** Bytes read at once: a few hundred rows of a typical file per piece of text. */
const READ_BYTES = 1 << 20;

/**
 * The records of a CSV file as rows numbered from 1 (the header), in batches of `batchRows`
 * (the last of a piece of the file may be smaller), read as a stream: the file is never held whole, only the current megabyte and
 * a record it cuts. UTF-8, a leading byte order mark dropped; bytes that are not UTF-8 read as
 * U+FFFD. Empty lines are kept (the caller skips them) so row numbers count every record.
 */
export async function* readCsv(path: string, batchRows: number): AsyncGenerator<FileRow[]> {
  const decoder = new StringDecoder('utf8');
  const parser = new CsvRecords();
  let line = 0;
  let first = true;
  function* batches(): Generator<FileRow[]> {
    for (;;) {
      const records: string[][] = [];
      const count = parser.read(records, batchRows);
      if (count > 0) {
        const rows = new Array<FileRow>(count);
        for (let i = 0; i < count; i++) rows[i] = { line: ++line, cells: records[i]! };
        yield rows;
      }
      if (count < batchRows) return;
    }
  }
  for await (const chunk of createReadStream(path, { highWaterMark: READ_BYTES })) {
    parser.feed(withoutBom(decoder.write(chunk as Buffer), first));
    first = false;
    yield* batches();
  }
  parser.feed(decoder.end(), true);
  yield* batches();
}

/** The text without the byte order mark a file may start with (StringDecoder keeps it). */
function withoutBom(text: string, atStart: boolean): string {
  return atStart && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
