import type { RawCell } from '../cellText.js';
import type { FileRow } from '../readRows.js';
import { ChunkedXml, decodeXml, trimEnd, XmlError } from './xmlScanner.js';

// The sheet elements the reader watches (local names, any prefix dropped); -1 for the others.
const OTHER_ELEMENT = -1;
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

const LT = 60;
const GT = 62;
const EQ = 61;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const DQUOTE = 34;
const SQUOTE = 39;
const COLON = 58;

const MS_PER_DAY = 86_400_000;
/** Day 0 of Excel's 1900 system is 1899-12-30 (with its 1900 leap-day bug folded in): 25,569 days before 1970. */
const EPOCH_1900 = 25_569;
const EPOCH_1904 = 25_569 - 1_462;
/** The tag being read is cut by the chunk's end: scan it again with the next chunk. */
const CUT = -1;

export interface SheetContext {
  sharedStrings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
  /** Cells past this column are dropped unread (a sheet of a million columns costs nothing). */
  keep: number;
}

/**
 * Reads a worksheet's XML, fed in chunks, into rows: each <row> one FileRow, cells placed by the
 * column letters of r="C5" (gaps are nulls), values as exceljs gave them to the validator:
 * shared and inline strings as text, numbers as numbers, a number in a date style as a Date,
 * booleans, error cells as their code, and a formula as "=<its text>" (the cached result is
 * ignored: an upload stores what the sheet says and evaluates nothing). Finished rows wait in
 * `rows`.
 *
 * It is its own XML scanner, the sheet being nearly all of an upload's XML: a start tag's
 * attributes are read once, where they stand (r, t and s of a cell, r of a row), with indexOf
 * over quoted values, and the elements go straight to the row state, with no handler calls.
 * Anything but plain `name="value"` attributes (a quote in a name, an attribute without a
 * value, an unquoted value) is read by the general path, the XmlScanner's rules. The old
 * reader (XmlScanner + a handler, testing/referenceSheetRows.ts) reads the same rows
 * (sheetRows.property.test.ts).
 */
export class SheetRows extends ChunkedXml {
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

  /** Where skipMarkup hands a CDATA section's text: this sheet's own text handling. */
  private readonly cdataSink = {
    text: (s: string, from: number, to: number, cdata: boolean) => this.text(s, from, to, cdata),
  };

  constructor(
    private readonly ctx: SheetContext,
    maxToken?: number,
  ) {
    super(maxToken);
    this.epoch = ctx.date1904 ? EPOCH_1904 : EPOCH_1900;
  }

  protected scan(s: string, final: boolean): number {
    const n = s.length;
    let i = 0;
    while (i < n) {
      if (s.charCodeAt(i) !== LT) {
        const lt = s.indexOf('<', i);
        if (lt < 0) {
          if (!final) return i;
          this.text(s, i, n, false);
          return n;
        }
        this.text(s, i, lt, false);
        i = lt;
      }
      if (i + 1 >= n) return this.incomplete(i, final);
      const c1 = s.charCodeAt(i + 1);
      if (c1 === SLASH) {
        const gt = s.indexOf('>', i + 2);
        if (gt < 0) return this.incomplete(i, final);
        this.close(elementAt(s, i + 2, trimEnd(s, i + 2, gt)));
        i = gt + 1;
      } else if (c1 === QUESTION || c1 === BANG) {
        const next = this.skipMarkup(s, i, final, this.cdataSink);
        if (next === i) return i;
        i = next;
      } else {
        const next = this.startTag(s, i, n);
        if (next === CUT) return this.incomplete(i, final);
        i = next;
      }
    }
    return n;
  }

  /**
   * Reads the start tag at s[i] and returns where the next token starts (CUT: the tag does not
   * end in `s`). Nothing changes before the tag's end is found, so a cut tag is read again.
   */
  private startTag(s: string, i: number, n: number): number {
    let p = i + 1;
    let c = 0;
    for (; p < n; p++) {
      c = s.charCodeAt(p);
      if (c <= 32 || c === SLASH || c === GT || c === DQUOTE || c === SQUOTE) break;
    }
    if (p >= n) return CUT;
    if (c === DQUOTE || c === SQUOTE) return this.generalStartTag(s, i, n);
    const id = elementAt(s, i + 1, p);
    // The row's and the cell's attributes, as they will be if the tag is read to its end.
    let line = this.line + 1;
    let col = this.col + 1;
    let type = NUMBER;
    let style = 0;
    let selfClosing = false;
    for (;;) {
      while (p < n && (c = s.charCodeAt(p)) <= 32) p++;
      if (p >= n) return CUT;
      if (c === GT) break;
      if (c === SLASH) {
        if (p + 1 >= n) return CUT;
        if (s.charCodeAt(p + 1) !== GT) return this.generalStartTag(s, i, n);
        selfClosing = true;
        p++;
        break;
      }
      const nameFrom = p;
      for (; p < n; p++) {
        c = s.charCodeAt(p);
        if (c === EQ || c <= 32 || c === GT || c === SLASH || c === DQUOTE || c === SQUOTE) break;
      }
      const nameLength = p - nameFrom;
      while (p < n && (c = s.charCodeAt(p)) <= 32) p++;
      if (p >= n) return CUT;
      if (c !== EQ || nameLength === 0) return this.generalStartTag(s, i, n);
      p++;
      while (p < n && (c = s.charCodeAt(p)) <= 32) p++;
      if (p >= n) return CUT;
      if (c !== DQUOTE && c !== SQUOTE) return this.generalStartTag(s, i, n);
      const from = p + 1;
      const to = s.indexOf(c === DQUOTE ? '"' : "'", from);
      if (to < 0) return CUT;
      p = to + 1;
      if (nameLength !== 1) continue;
      const name = s.charCodeAt(nameFrom);
      if (id === ROW) {
        if (name === 114 /* r */) line = rowNumberAt(s, from, to, line);
      } else if (id === C) {
        if (name === 114 /* r */) col = columnAt(s, from, to) || col;
        else if (name === 116 /* t */) type = typeAt(s, from, to);
        else if (name === 115 /* s */) style = styleAt(s, from, to);
      }
    }
    if (id === ROW) this.row(line);
    else if (id === C) {
      if (this.cells !== null) this.cell(col, type, style);
    } else this.open(id);
    if (selfClosing) this.close(id);
    return p + 1;
  }

  /**
   * A start tag read by XmlScanner's rules: it ends at the first '>' outside quotes, and a row's
   * or a cell's attributes are read from there (the odd tags the fast path leaves).
   */
  private generalStartTag(s: string, i: number, n: number): number {
    let j = i + 1;
    let nameEnd = -1;
    let quote = 0;
    for (; j < n; j++) {
      const c = s.charCodeAt(j);
      if (quote !== 0) {
        if (c === quote) quote = 0;
      } else if (c === GT) {
        break;
      } else if (c === DQUOTE || c === SQUOTE) {
        quote = c;
      } else if (nameEnd < 0 && (c <= 32 || c === SLASH)) {
        nameEnd = j;
      }
    }
    if (j >= n) return CUT;
    const selfClosing = s.charCodeAt(j - 1) === SLASH;
    const attrTo = selfClosing ? j - 1 : j;
    if (nameEnd < 0 || nameEnd > attrTo) nameEnd = attrTo;
    const id = elementAt(s, i + 1, nameEnd);
    if (id === ROW) this.generalRow(s, nameEnd, attrTo);
    else if (id === C) {
      if (this.cells !== null) this.generalCell(s, nameEnd, attrTo);
    } else this.open(id);
    if (selfClosing) this.close(id);
    return j + 1;
  }

  private generalRow(s: string, from: number, to: number): void {
    let line = this.line + 1;
    for (let i = from; i < to;) {
      const end = nextAttribute(s, i, to);
      if (end < 0) break;
      if (attrName === R) line = rowNumberAt(s, valueFrom, valueTo, line);
      i = end;
    }
    this.row(line);
  }

  private generalCell(s: string, from: number, to: number): void {
    let col = this.col + 1;
    let type = NUMBER;
    let style = 0;
    for (let i = from; i < to;) {
      const end = nextAttribute(s, i, to);
      if (end < 0) break;
      if (attrName === R) col = columnAt(s, valueFrom, valueTo) || col;
      else if (attrName === TYPE) type = typeAt(s, valueFrom, valueTo);
      else if (attrName === STYLE) style = styleAt(s, valueFrom, valueTo);
      i = end;
    }
    this.cell(col, type, style);
  }

  private row(line: number): void {
    this.line = line;
    this.cells = [];
    this.col = 0;
  }

  private cell(col: number, type: number, style: number): void {
    this.col = col;
    this.type = type;
    this.style = style;
    this.v = null;
    this.f = null;
    this.is = null;
    this.inIs = false;
    this.phonetic = 0;
  }

  /** Any other watched element's start. */
  private open(id: number): void {
    switch (id) {
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

  private close(id: number): void {
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

  private text(s: string, from: number, to: number, cdata: boolean): void {
    if (this.into === NOWHERE) return;
    const raw = s.slice(from, to);
    const text = cdata ? raw : decodeXml(raw);
    if (this.into === INTO_V) this.v += text;
    else if (this.into === INTO_F) this.f += text;
    else this.is += text;
  }

  private endCell(cells: RawCell[]): void {
    this.into = NOWHERE;
    const col = this.col;
    if (col > this.ctx.keep) return;
    const value = this.cellValue();
    if (value === null && col > cells.length) return;
    while (cells.length < col - 1) cells.push(null);
    cells[col - 1] = value;
  }

  private cellValue(): RawCell {
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

/** The watched element named in s[from, to) (a namespace prefix dropped), or OTHER_ELEMENT. */
function elementAt(s: string, from: number, to: number): number {
  let start = from;
  for (let k = from; k < to; k++) if (s.charCodeAt(k) === COLON) start = k + 1;
  const c = s.charCodeAt(start);
  switch (to - start) {
    case 1:
      return c === 99 /* c */
        ? C
        : c === 118 /* v */
          ? V
          : c === 102 /* f */
            ? F
            : c === 116 /* t */
              ? T
              : OTHER_ELEMENT;
    case 2:
      return s.startsWith('is', start) ? IS : OTHER_ELEMENT;
    case 3:
      return s.startsWith('row', start) ? ROW : s.startsWith('rPh', start) ? RPH : OTHER_ELEMENT;
    default:
      return OTHER_ELEMENT;
  }
}

/** A row's r="5": the number when it is a positive integer, else `otherwise`. */
function rowNumberAt(s: string, from: number, to: number, otherwise: number): number {
  const n = Number(s.slice(from, to));
  return Number.isInteger(n) && n > 0 ? n : otherwise;
}

/** A cell's s="3" (its style's index): what Number() reads, 0 for nothing or no number. */
function styleAt(s: string, from: number, to: number): number {
  // Plain digits (nearly every cell) without a string; anything else as Number() reads it.
  let n = 0;
  if (to - from > 0 && to - from < 10) {
    for (let i = from; i < to; i++) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return Number(s.slice(from, to)) || 0;
      n = n * 10 + d;
    }
    return n;
  }
  return Number(s.slice(from, to)) || 0;
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
 * returns where the next one may start, or -1 when there is none (the general path's rules).
 */
function nextAttribute(s: string, i: number, to: number): number {
  while (i < to && s.charCodeAt(i) <= 32) i++;
  if (i >= to) return -1;
  const eq = s.indexOf('=', i);
  if (eq < 0 || eq >= to) return -1;
  let q = eq + 1;
  while (q < to && s.charCodeAt(q) <= 32) q++;
  const quote = s.charCodeAt(q);
  if (quote !== DQUOTE && quote !== SQUOTE) throw new XmlError('unquoted attribute');
  const close = s.indexOf(quote === DQUOTE ? '"' : "'", q + 1);
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
export function columnAt(s: string, from: number, to: number): number {
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
