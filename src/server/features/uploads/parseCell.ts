import type { UploadColumn } from '../../../shared/config.gen.js';
import type { RawCell } from './cellText.js';
import * as m from './uploadMessages.js';

/** A parsed cell: its value, or the message of the error file. */
export type Parsed = { ok: true; value: string | number | null } | { ok: false; message: string };

const fail = (message: string): Parsed => ({ ok: false, message });
const pass = (value: string | number | null): Parsed => ({ ok: true, value });
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Date texts seen (a sales file repeats a few dozen days a million times); bounded. */
const dateCache = new Map<string, string | null>();

function isoDate(raw: string | number | boolean | Date): string | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString().slice(0, 10);
  const text = String(raw);
  let hit = dateCache.get(text);
  if (hit === undefined) {
    if (dateCache.size > 10_000) dateCache.clear();
    dateCache.set(text, (hit = checkIsoDate(text)));
  }
  return hit;
}

function checkIsoDate(text: string): string | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [, y, mo, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  // Rejects 2026-02-30 and friends, which Date would roll over.
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    ? text
    : null;
}

/** The number texts a cell may hold: Number() alone also reads '+1', '0x1F', 'Infinity', ''. */
const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const DOT = 46;
const MINUS = 45;

function toNumber(raw: string | number | boolean | Date): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || raw.length === 0) return null;
  // Nearly every cell is digits and a dot, maybe after a minus: there Number() reads exactly
  // what NUMBER_TEXT allows (NaN for '.', '-', '1.2.3'), without running the pattern.
  for (let i = raw.charCodeAt(0) === MINUS ? 1 : 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c < DIGIT_0 || c > DIGIT_9) && c !== DOT) return NUMBER_TEXT.test(raw) ? finite(Number(raw)) : null;
  }
  return finite(Number(raw));
}

/** A text of 400 digits reads as Infinity, which no number column holds. */
const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

/** A cell a compiled column refused, with the message of the error file. */
export class CellFailure {
  constructor(readonly message: string) {}
}

/** A column's check compiled once: the cell's value, or why it is refused. */
export type CellParser = (raw: RawCell) => string | number | null | CellFailure;

const REQUIRED = new CellFailure(m.REQUIRED);
const NOT_INTEGER = new CellFailure(m.NOT_INTEGER);
const NOT_NUMBER = new CellFailure(m.NOT_NUMBER);
const NOT_DATE = new CellFailure(m.NOT_DATE);

/**
 * Checks cells against one template column: empty vs required, type, range, length and the
 * allowed values. Formula text ("=SUM(A1)") is a string like any other: a number column refuses
 * it, a text column stores it as typed. Built once per upload, so a million rows run a tight
 * function per cell, with no result object per cell (docs/uploads.md "CSV speed").
 */
export function compileCell(column: UploadColumn): CellParser {
  const fallback = column.default ?? null;
  const required = column.required === true;
  const { min, max, maxLength, allowed } = column;
  const below = min === undefined ? null : new CellFailure(m.belowMin(min));
  const above = max === undefined ? null : new CellFailure(m.aboveMax(max));
  const tooLong = maxLength === undefined ? null : new CellFailure(m.tooLong(maxLength));
  const inRange = (n: number): number | CellFailure =>
    min !== undefined && n < min ? below! : max !== undefined && n > max ? above! : n;
  let typed: (value: string | number | boolean | Date) => string | number | CellFailure;
  switch (column.type) {
    case 'integer':
      typed = (value) => {
        const n = toNumber(value);
        return n === null || !Number.isInteger(n) ? NOT_INTEGER : inRange(n);
      };
      break;
    case 'number':
      typed = (value) => {
        const n = toNumber(value);
        return n === null ? NOT_NUMBER : inRange(n);
      };
      break;
    case 'date':
      typed = (value) => isoDate(value) ?? NOT_DATE;
      break;
    default:
      typed = (value) => {
        const s = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
        return maxLength !== undefined && s.length > maxLength ? tooLong! : s;
      };
  }
  const parse: CellParser = (raw) => {
    if (raw === null) return required ? REQUIRED : fallback;
    if (typeof raw === 'string') {
      const text = raw.trim();
      if (text === '') return required ? REQUIRED : fallback;
      return typed(text);
    }
    return typed(raw);
  };
  if (!allowed) return parse;
  const notAllowed = new CellFailure(m.notAllowed(allowed));
  const canonical = new Map<unknown, string | number>();
  for (const a of allowed) {
    const key = typeof a === 'string' ? a.toLowerCase() : a;
    if (!canonical.has(key)) canonical.set(key, a);
  }
  return (raw) => {
    const value = parse(raw);
    if (value instanceof CellFailure) return value;
    const hit = canonical.get(typeof value === 'string' ? value.toLowerCase() : value);
    return hit === undefined ? notAllowed : hit;
  };
}

/** One cell checked against its template column (compileCell, for a single cell). */
export function parseCell(column: UploadColumn, raw: RawCell): Parsed {
  const value = compileCell(column)(raw);
  return value instanceof CellFailure ? fail(value.message) : pass(value);
}
