/**
 * The sheet reader as it was before the sheet got a scanner of its own (2026-11-28): a handler of
 * the general XmlScanner. Kept unchanged as the reference the fast scanner (../sheetRows.ts) is
 * checked against on random sheets (sheetRows.property.test.ts); not used by the product.
 */
import type { RawCell } from '../../cellText.js';
import type { FileRow } from '../../readRows.js';
import { decodeXml, XmlError, XmlScanner, type XmlHandler } from '../xmlScanner.js';
import type { SheetContext } from '../sheetRows.js';

/** The sheet elements the reader watches, by index (XmlScanner ids). */
const SHEET_NAMES = ['row', 'c', 'v', 'f', 'is', 't', 'rPh'] as const;
const ROW = 0;
const C = 1;
const V = 2;
const F = 3;
const IS = 4;
const T = 5;
const RPH = 6;

// Cell types (the t attribute).
const NUMBER = 0;
const SHARED = 1;
const STR = 2;
const INLINE = 3;
const BOOL = 4;
const ERROR = 5;
const ISO_DATE = 6;

// Where text goes.
const NOWHERE = 0;
const INTO_V = 1;
const INTO_F = 2;
const INTO_IS = 3;

const MS_PER_DAY = 86_400_000;
/** Day 0 of Excel's 1900 system is 1899-12-30 (with its 1900 leap-day bug folded in): 25,569 days before 1970. */
const EPOCH_1900 = 25_569;
const EPOCH_1904 = 25_569 - 1_462;

/**
 * Turns the sheet's XML events into rows: each <row> one FileRow, cells placed by the column
 * letters of r="C5" (gaps are nulls), values as exceljs gave them to the validator: shared and
 * inline strings as text, numbers as numbers, a number in a date style as a Date, booleans,
 * error cells as their code, and a formula as "=<its text>" (the cached result is ignored:
 * an upload stores what the sheet says and evaluates nothing). Finished rows wait in `rows`.
 */
export class ReferenceSheetRows implements XmlHandler {
  rows: FileRow[] = [];
  private readonly epoch: number;
  private cells: RawCell[] | null = null;
  private line = 0;
  private col = 0;
  private type = NUMBER;
  private style = 0;
  private v: string | null = null;
  private f: string | null = null;
  private is: string | null = null;
  private into = NOWHERE;
  private inIs = false;
  private phonetic = 0;

  constructor(private readonly ctx: SheetContext) {
    this.epoch = ctx.date1904 ? EPOCH_1904 : EPOCH_1900;
  }

  open(id: number, s: string, from: number, to: number): void {
    switch (id) {
      case ROW:
        this.startRow(s, from, to);
        break;
      case C:
        if (this.cells !== null) this.startCell(s, from, to);
        break;
      case V:
        this.v = '';
        this.into = INTO_V;
        break;
      case F:
        this.f = '';
        this.into = INTO_F;
        break;
      case IS:
        this.is = '';
        this.inIs = true;
        break;
      case T:
        if (this.inIs && this.phonetic === 0) this.into = INTO_IS;
        break;
      case RPH:
        this.phonetic++;
        break;
    }
  }

  close(id: number): void {
    switch (id) {
      case V:
      case F:
      case T:
        this.into = NOWHERE;
        break;
      case IS:
        this.inIs = false;
        break;
      case RPH:
        this.phonetic--;
        break;
      case C:
        if (this.cells !== null) this.endCell(this.cells);
        break;
      case ROW:
        if (this.cells !== null) this.rows.push({ line: this.line, cells: this.cells });
        this.cells = null;
        break;
    }
  }

  text(s: string, from: number, to: number, cdata: boolean): void {
    if (this.into === NOWHERE) return;
    const raw = s.slice(from, to);
    const text = cdata ? raw : decodeXml(raw);
    if (this.into === INTO_V) this.v += text;
    else if (this.into === INTO_F) this.f += text;
    else this.is += text;
  }

  private startRow(s: string, from: number, to: number): void {
    let line = this.line + 1;
    for (let i = from; i < to;) {
      const end = nextAttribute(s, i, to);
      if (end < 0) break;
      if (attrName === R) {
        const n = Number(s.slice(valueFrom, valueTo));
        if (Number.isInteger(n) && n > 0) line = n;
      }
      i = end;
    }
    this.line = line;
    this.cells = [];
    this.col = 0;
  }

  private startCell(s: string, from: number, to: number): void {
    let col = this.col + 1;
    let type = NUMBER;
    let style = 0;
    for (let i = from; i < to;) {
      const end = nextAttribute(s, i, to);
      if (end < 0) break;
      if (attrName === R) col = columnAt(s, valueFrom, valueTo) || col;
      else if (attrName === TYPE) type = typeAt(s, valueFrom, valueTo);
      else if (attrName === STYLE) style = Number(s.slice(valueFrom, valueTo)) || 0;
      i = end;
    }
    this.col = col;
    this.type = type;
    this.style = style;
    this.v = null;
    this.f = null;
    this.is = null;
    this.inIs = false;
    this.phonetic = 0;
  }

  private endCell(cells: RawCell[]): void {
    this.into = NOWHERE;
    const col = this.col;
    if (col > this.ctx.keep) return;
    const value = this.valueOf();
    if (value === null && col > cells.length) return;
    while (cells.length < col - 1) cells.push(null);
    cells[col - 1] = value;
  }

  private valueOf(): RawCell {
    if (this.f !== null) return `=${this.f}`;
    const v = this.v;
    switch (this.type) {
      case SHARED:
        return v === null || v === '' ? null : (this.ctx.sharedStrings[Number(v)] ?? null);
      case INLINE:
        return this.is ?? v;
      case STR:
      case ERROR:
        return v;
      case BOOL:
        return v === null || v === '' ? null : v === 'true' || (v !== 'false' && Number(v) !== 0);
      case ISO_DATE: {
        if (v === null || v === '') return null;
        const date = new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
        return Number.isNaN(date.getTime()) ? v : date;
      }
      default: {
        if (v === null || v === '') return null;
        const n = Number(v);
        if (this.ctx.dateStyles[this.style] === true && Number.isFinite(n)) {
          return new Date(Math.round((n - this.epoch) * MS_PER_DAY));
        }
        return n;
      }
    }
  }
}

// The attribute nextAttribute found: which of r, t, s (OTHER for the rest) and its value's range.
const OTHER = 0;
const R = 1;
const TYPE = 2;
const STYLE = 3;
let attrName = OTHER;
let valueFrom = 0;
let valueTo = 0;

/**
 * Reads the attribute at or after `i` in s[i, to) into attrName / valueFrom / valueTo and
 * returns where the next one may start, or -1 when there is none. Cell and row tags are most
 * of a sheet: this reads them without a closure or a string per attribute.
 */
function nextAttribute(s: string, i: number, to: number): number {
  while (i < to && s.charCodeAt(i) <= 32) i++;
  if (i >= to) return -1;
  const eq = s.indexOf('=', i);
  if (eq < 0 || eq >= to) return -1;
  let q = eq + 1;
  while (q < to && s.charCodeAt(q) <= 32) q++;
  const quote = s.charCodeAt(q);
  if (quote !== 34 && quote !== 39) throw new XmlError('unquoted attribute');
  const close = s.indexOf(quote === 34 ? '"' : "'", q + 1);
  if (close < 0 || close >= to) throw new XmlError('unterminated attribute');
  let nameTo = eq;
  while (nameTo > i && s.charCodeAt(nameTo - 1) <= 32) nameTo--;
  const c = s.charCodeAt(i);
  attrName =
    nameTo - i !== 1
      ? OTHER
      : c === 114 /* r */
        ? R
        : c === 116 /* t */
          ? TYPE
          : c === 115 /* s */
            ? STYLE
            : OTHER;
  valueFrom = q + 1;
  valueTo = close;
  return close + 1;
}

/** The column number of the cell reference in s[from, to) ("C5" -> 3, "AA1" -> 27), 0 without letters. */
function columnAt(s: string, from: number, to: number): number {
  let col = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col;
}

/** The cell type of the t attribute's value in s[from, to). */
function typeAt(s: string, from: number, to: number): number {
  const length = to - from;
  const c = s.charCodeAt(from);
  if (length === 1) {
    return c === 115 ? SHARED : c === 98 ? BOOL : c === 101 ? ERROR : c === 100 ? ISO_DATE : NUMBER;
  }
  if (length === 3 && s.startsWith('str', from)) return STR;
  if (length === 9 && s.startsWith('inlineStr', from)) return INLINE;
  return NUMBER;
}

/** The reference reader over a sheet's XML fed in the given pieces: its rows. */
export function referenceRows(ctx: SheetContext, pieces: readonly Buffer[]): FileRow[] {
  const sheet = new ReferenceSheetRows(ctx);
  const scanner = new XmlScanner(SHEET_NAMES, sheet);
  for (const piece of pieces) scanner.write(piece);
  scanner.end();
  return sheet.rows;
}
