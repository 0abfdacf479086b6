import { BadRequestError } from '../../../../shared/errors.js';
import { sharedStringsTooLarge } from '../uploadMessages.js';
import { decodeXml, XmlScanner, type XmlHandler } from './xmlScanner.js';
import type { XlsxZip } from './xlsxZip.js';

const SI = 0;
const T = 1;
const RPH = 2;

/** What one string costs beyond its characters (V8 string header and the array slot), roughly. */
const PER_STRING_BYTES = 32;

/**
 * The workbook's shared string table, read whole before the sheet (cells refer to it by index).
 * A string is the text of its <t> runs, rich-text runs joined, phonetic guides (<rPh>) left
 * out. Its estimated memory is bounded: past `maxBytes` the file is refused with a 400.
 */
export async function readSharedStrings(
  zip: XlsxZip,
  part: string | null,
  maxBytes: number,
): Promise<string[]> {
  if (part === null) return [];
  const strings: string[] = [];
  let bytes = 0;
  let current = '';
  let inT = false;
  let phonetic = 0;
  const count = (more: number) => {
    bytes += more;
    if (bytes > maxBytes)
      throw new BadRequestError(sharedStringsTooLarge(Math.round(maxBytes / 1024 / 1024)));
  };
  const handler: XmlHandler = {
    open: (id) => {
      if (id === SI) current = '';
      else if (id === T) inT = phonetic === 0;
      else if (id === RPH) phonetic++;
    },
    close: (id) => {
      if (id === T) inT = false;
      else if (id === RPH) phonetic--;
      else if (id === SI) {
        count(PER_STRING_BYTES);
        strings.push(current);
      }
    },
    text: (s, from, to, cdata) => {
      if (!inT) return;
      const raw = s.slice(from, to);
      const text = cdata ? raw : decodeXml(raw);
      count(text.length);
      current += text;
    },
  };
  const scanner = new XmlScanner(['si', 't', 'rPh'], handler);
  for await (const chunk of zip.bytes(part)) scanner.write(chunk);
  scanner.end();
  return strings;
}
