import type { UploadColumn } from '../../shared/config.gen.js';
import type { RawCell } from './cellText.js';
import * as m from './uploadMessages.js';

/** A parsed cell: its value, or the message of the error file. */
export type Parsed = { ok: true; value: string | number | null } | { ok: false; message: string };

const fail = (message: string): Parsed => ({ ok: false, message });
const pass = (value: string | number | null): Parsed => ({ ok: true, value });
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Date texts seen (a sales file repeats a few dozen days a million times); bounded. */
const dateCache = new Map<string, string | null>();

function isoDate(raw: RawCell): string | null {
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

function toNumber(raw: RawCell): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || !/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw)) return null;
  return Number(raw);
}

function checkRange(column: UploadColumn, value: number): Parsed {
  if (column.min !== undefined && value < column.min) return fail(m.belowMin(column.min));
  if (column.max !== undefined && value > column.max) return fail(m.aboveMax(column.max));
  return pass(value);
}

/**
 * Checks one cell against its template column: empty vs required, type, range, length and the
 * allowed values. Formula text ("=SUM(A1)") is a string like any other: a number column refuses
 * it, a text column stores it as typed.
 */
export function parseCell(column: UploadColumn, raw: RawCell): Parsed {
  const empty = raw === null || (typeof raw === 'string' && raw.trim() === '');
  if (empty) {
    if (column.required) return fail(m.REQUIRED);
    return pass(column.default ?? null);
  }
  const text = typeof raw === 'string' ? raw.trim() : raw;
  let parsed: Parsed;
  switch (column.type) {
    case 'integer': {
      const n = toNumber(text);
      parsed = n === null || !Number.isInteger(n) ? fail(m.NOT_INTEGER) : checkRange(column, n);
      break;
    }
    case 'number': {
      const n = toNumber(text);
      parsed = n === null ? fail(m.NOT_NUMBER) : checkRange(column, n);
      break;
    }
    case 'date': {
      const iso = isoDate(text);
      parsed = iso === null ? fail(m.NOT_DATE) : pass(iso);
      break;
    }
    default: {
      const s = text instanceof Date ? text.toISOString().slice(0, 10) : String(text);
      parsed =
        column.maxLength !== undefined && s.length > column.maxLength
          ? fail(m.tooLong(column.maxLength))
          : pass(s);
    }
  }
  if (parsed.ok && column.allowed) {
    const wanted = typeof parsed.value === 'string' ? parsed.value.toLowerCase() : parsed.value;
    const hit = column.allowed.find((a) => (typeof a === 'string' ? a.toLowerCase() : a) === wanted);
    return hit === undefined ? fail(m.notAllowed(column.allowed)) : pass(hit);
  }
  return parsed;
}
