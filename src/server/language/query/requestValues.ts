import { BadRequestError } from '../../../shared/errors.js';
import type { DimensionType } from '../../../shared/config.gen.js';

/** Most values one list parameter may carry (IN lists stay bounded). */
export const MAX_LIST_VALUES = 500;
const MAX_TEXT = 200;

export type FilterValue = string | number | boolean;

/** Shows request text in a message without letting a huge value through. */
export function quoteInput(raw: string): string {
  return JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
}

/** A query-string value as one string: repeated parameters are joined like a comma list. */
export function rawText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((v) => rawText(v) ?? '').join(',');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** Parses a comma list for a dimension of the given type; a bad item is a 400 naming the field. */
export function parseList(field: string, raw: string, type: DimensionType): FilterValue[] {
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length > MAX_LIST_VALUES)
    throw new BadRequestError(`Too many values for "${field}" (at most ${MAX_LIST_VALUES})`);
  return items.map((item) => parseValue(field, item, type));
}

export function parseValue(field: string, item: string, type: DimensionType): FilterValue {
  switch (type) {
    case 'integer':
      if (!/^-?\d{1,15}$/.test(item))
        throw new BadRequestError(`Invalid value ${quoteInput(item)} for "${field}": expected an integer id`);
      return Number(item);
    case 'date':
      if (!isIsoDate(item))
        throw new BadRequestError(
          `Invalid value ${quoteInput(item)} for "${field}": expected a date YYYY-MM-DD`,
        );
      return item;
    case 'boolean':
      if (/^(true|1)$/i.test(item)) return true;
      if (/^(false|0)$/i.test(item)) return false;
      throw new BadRequestError(`Invalid value ${quoteInput(item)} for "${field}": expected true or false`);
    default:
      if (item.length > MAX_TEXT)
        throw new BadRequestError(`Value for "${field}" is too long (at most ${MAX_TEXT} characters)`);
      return item;
  }
}

/** An integer parameter within bounds (limit, offset, staticSize). */
export function parseIntParam(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new BadRequestError(`${name} must be an integer ${min}-${max}, got ${quoteInput(raw)}`);
  }
  return Number(raw);
}

/** start_date / end_date: YYYY-MM-DD, or -1 (all time); returns null for no bound. */
export function parseDateBound(name: string, raw: string | undefined): string | null {
  if (raw === undefined || raw === '' || raw === '-1') return null;
  if (!isIsoDate(raw))
    throw new BadRequestError(`${name} must be a date YYYY-MM-DD or -1, got ${quoteInput(raw)}`);
  return raw;
}
