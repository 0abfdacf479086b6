import { BadRequestError } from '../../../../shared/errors.js';
import type { FileRow } from '../readRows.js';
import { INVALID_FILE } from '../uploadMessages.js';
import { MAX_SHARED_STRINGS_MB, unzippedLimitBytes } from '../uploadLimits.js';
import { readSharedStrings } from './sharedStrings.js';
import { SheetRows } from './sheetRows.js';
import { readDateStyles, readWorkbookInfo } from './workbookParts.js';
import { XlsxZip } from './xlsxZip.js';
import { XmlError } from './xmlScanner.js';

const MB = 1024 * 1024;

export interface XlsxLimits {
  /** Bytes all parts may inflate to while read (the zip guard checked the declared sizes). */
  unzippedBytes: number;
  /** Estimated memory of the shared strings held while the sheet is read. */
  sharedStringsBytes: number;
}

const DEFAULT_LIMITS: XlsxLimits = {
  unzippedBytes: unzippedLimitBytes,
  sharedStringsBytes: MAX_SHARED_STRINGS_MB * MB,
};

/** Rows handed over at once: one await per batch, not per row. */
const BATCH = 1000;

/**
 * The rows of an xlsx's first sheet, header first, streamed: the workbook, its shared strings
 * and its styles are read first through the zip's directory (wherever they are stored), then
 * the sheet's XML is inflated and scanned chunk by chunk. Only the shared strings are held
 * whole, within `limits.sharedStringsBytes`. Malformed XML or zip data is an 'Invalid File'.
 * `width` is the template's column count; cells past max(4 x width, 64) are dropped as read.
 */
export async function* readXlsx(
  path: string,
  width: number,
  limits: XlsxLimits = DEFAULT_LIMITS,
): AsyncGenerator<FileRow[]> {
  const zip = await XlsxZip.open(path, limits.unzippedBytes);
  try {
    const book = await readWorkbookInfo(zip);
    if (book.sheet === null) return;
    const sharedStrings = await readSharedStrings(zip, book.sharedStrings, limits.sharedStringsBytes);
    const dateStyles = await readDateStyles(zip, book.styles);
    const sheet = new SheetRows({
      sharedStrings,
      dateStyles,
      date1904: book.date1904,
      keep: Math.max(width * 4, 64),
    });
    for await (const chunk of zip.bytes(book.sheet)) {
      sheet.write(chunk);
      if (sheet.rows.length >= BATCH) {
        yield sheet.rows;
        sheet.rows = [];
      }
    }
    sheet.end();
    if (sheet.rows.length > 0) yield sheet.rows;
  } catch (e) {
    if (e instanceof XmlError) throw new BadRequestError(INVALID_FILE);
    throw e;
  } finally {
    zip.close();
  }
}
