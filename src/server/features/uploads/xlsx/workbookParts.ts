import { posix } from 'node:path';
import { attributesOf, XmlScanner, type XmlHandler } from './xmlScanner.js';
import type { XlsxZip } from './xlsxZip.js';

/** The workbook, its relationships and the like are a few KB; a bound keeps a fake one small. */
const SMALL_PART_BYTES = 8 * 1024 * 1024;

/** What the sheet reader needs from the workbook part: its first sheet and its date system. */
export interface WorkbookInfo {
  /** Zip path of the first worksheet (the first tab), or null when the workbook has none. */
  sheet: string | null;
  sharedStrings: string | null;
  styles: string | null;
  /** Serial dates count from 1904-01-01 (old Mac workbooks), not 1899-12-30. */
  date1904: boolean;
}

/** Parses a small part with `names` watched; `open` gets each watched element's attributes. */
async function scanSmall(
  zip: XlsxZip,
  part: string,
  names: readonly string[],
  open: (id: number, attrs: Map<string, string>) => void,
): Promise<boolean> {
  const text = await zip.whole(part, SMALL_PART_BYTES);
  if (text === null) return false;
  const handler: XmlHandler = {
    open: (id, s, from, to) => {
      if (id >= 0) open(id, attributesOf(s, from, to));
    },
    close: () => undefined,
    text: () => undefined,
  };
  const scanner = new XmlScanner(names, handler, SMALL_PART_BYTES);
  scanner.scanAll(text);
  return true;
}

/** A relationship target as a zip path: relative to xl/, or absolute from the package root. */
const resolveTarget = (target: string): string =>
  target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('xl', target));

/**
 * Reads xl/workbook.xml and its relationships: the first <sheet> in tab order and the parts
 * it points at. A workbook without usable relationships falls back to the conventional names
 * (and to the first xl/worksheets/sheetN.xml in the zip, as exceljs did).
 */
export async function readWorkbookInfo(zip: XlsxZip): Promise<WorkbookInfo> {
  let firstSheetRel: string | null = null;
  let date1904 = false;
  await scanSmall(zip, 'xl/workbook.xml', ['sheet', 'workbookPr'], (id, attrs) => {
    if (id === 0) {
      firstSheetRel ??= attrs.get('r:id') ?? [...attrs].find(([k]) => k.endsWith(':id'))?.[1] ?? null;
    } else {
      const v = attrs.get('date1904');
      date1904 = v === '1' || v === 'true';
    }
  });
  const targets = new Map<string, string>();
  let sharedStrings: string | null = null;
  let styles: string | null = null;
  await scanSmall(zip, 'xl/_rels/workbook.xml.rels', ['Relationship'], (_, attrs) => {
    const target = attrs.get('Target');
    if (target === undefined || attrs.get('TargetMode') === 'External') return;
    const type = attrs.get('Type') ?? '';
    targets.set(attrs.get('Id') ?? '', resolveTarget(target));
    if (type.endsWith('/sharedStrings')) sharedStrings = resolveTarget(target);
    if (type.endsWith('/styles')) styles = resolveTarget(target);
  });
  let sheet = firstSheetRel === null ? null : (targets.get(firstSheetRel) ?? null);
  if (sheet === null || !zip.has(sheet)) {
    sheet = zip.names().find((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)) ?? null;
  }
  return {
    sheet,
    sharedStrings: sharedStrings ?? (zip.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : null),
    styles: styles ?? (zip.has('xl/styles.xml') ? 'xl/styles.xml' : null),
    date1904,
  };
}

/**
 * Excel's built-in number formats that show dates or times (the ids are fixed by the file
 * format; their codes are not stored in styles.xml). 14-17 and 22 are dates, 18-21 and 45-47
 * times; exceljs read all of them as dates, and so does this reader.
 */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/**
 * A custom format code shows a date when, outside quoted text and [bracketed] parts (colours,
 * locales, elapsed-time), it has a date or time letter: exceljs' rule, kept so a file reads
 * as it did.
 */
export function isDateFormat(code: string): boolean {
  const bare = code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhMsb]/.test(bare);
}

/** For each cell style index (a cell's s="n"), whether its number format shows a date. */
export async function readDateStyles(zip: XlsxZip, part: string | null): Promise<boolean[]> {
  if (part === null) return [];
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  const text = await zip.whole(part, SMALL_PART_BYTES);
  if (text === null) return [];
  const handler: XmlHandler = {
    open: (id, s, from, to) => {
      if (id === 0) {
        const attrs = attributesOf(s, from, to);
        custom.set(Number(attrs.get('numFmtId')), attrs.get('formatCode') ?? '');
      } else if (id === 1) {
        inCellXfs = true;
      } else if (id === 2 && inCellXfs) {
        xfFormats.push(Number(attributesOf(s, from, to).get('numFmtId') ?? 0));
      }
    },
    close: (id) => {
      if (id === 1) inCellXfs = false;
    },
    text: () => undefined,
  };
  const scanner = new XmlScanner(['numFmt', 'cellXfs', 'xf'], handler, SMALL_PART_BYTES);
  scanner.scanAll(text);
  return xfFormats.map((id) => {
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : BUILT_IN_DATE_FORMATS.has(id);
  });
}
