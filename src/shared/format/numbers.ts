import { DEFAULT_NUMBER_STYLE, type NumberStyle } from './numberStyle.js';
import { groupDigits } from './groupDigits.js';

/** docs/product-spec.md §9: suffixes at 1e3, 1e6, 1e9, 1e12, 1e15, one decimal. */
const SUFFIXES = [
  { value: 1e15, suffix: 'q' },
  { value: 1e12, suffix: 't' },
  { value: 1e9, suffix: 'b' },
  { value: 1e6, suffix: 'm' },
  { value: 1e3, suffix: 'k' },
] as const;
/** Indian short forms: crores and lakhs read with two decimals (1.06 Cr), as Indian reports print them. */
const INDIAN_SUFFIXES = [
  { value: 1e7, suffix: ' Cr', digits: 2 },
  { value: 1e5, suffix: ' L', digits: 2 },
  { value: 1e3, suffix: 'k', digits: 1 },
] as const;

export const EMPTY_VALUE = '---';
/** From this size on currency drops the paise: ₹1,250 reads better than ₹1,250.00 in a tile or grid. */
const NO_PAISE_FROM = 1000;

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Rounded to `digits`, trailing zeros dropped so 1000 reads '1k', 1500 '1.5k', 1.10 Cr '1.1 Cr'. */
function trimmed(n: number, digits: number): string {
  const f = 10 ** digits;
  const s = (Math.round(n * f) / f).toFixed(digits);
  return digits > 0 ? s.replace(/\.?0+$/, '') : s;
}

/**
 * Short numbers, the one short form of every tile, grid cell and hover: 1234 -> '1.2k', 12.345 ->
 * '12.35'; international (the default, the spec's k, m, b, t, q) 2_500_000 -> '2.5m', Indian (a
 * user's choice) 1_05_76_363 -> '1.06 Cr'.
 */
export function formatShort(value: unknown, style: NumberStyle = DEFAULT_NUMBER_STYLE): string {
  const n = toNumber(value);
  if (n === null) return EMPTY_VALUE;
  const abs = Math.abs(n);
  const units = style === 'indian' ? INDIAN_SUFFIXES : SUFFIXES.map((s) => ({ ...s, digits: 1 }));
  for (const { value: unit, suffix, digits } of units) {
    // A value that rounds up to the next unit (99,999 -> '100k') stays in its own: that is what it is.
    if (abs >= unit) return `${trimmed(n / unit, digits)}${suffix}`;
  }
  // Below the first suffix a value is a plain value: two decimals (docs/product-spec.md §9).
  return trimmed(n, 2);
}

/** Grouped per the number style without Intl (groupDigits.ts: no ICU load on the main thread). */
function grouped(n: number, style: NumberStyle, digits: number): string {
  return groupDigits(n, style, digits);
}

/** Plain values: two decimals (docs/product-spec.md §9), grouped per the number style. */
export function formatPlain(value: unknown, style: NumberStyle = DEFAULT_NUMBER_STYLE): string {
  const n = toNumber(value);
  return n === null ? EMPTY_VALUE : grouped(n, style, 2);
}

/** Whole counts: grouped, no decimals. */
export function formatInteger(value: unknown, style: NumberStyle = DEFAULT_NUMBER_STYLE): string {
  const n = toNumber(value);
  return n === null ? EMPTY_VALUE : grouped(Math.round(n), style, 0);
}

/** Percent values arrive as 0-100 (e.g. availability %); always one decimal, so a column's digits line up. */
export function formatPercent(value: unknown): string {
  const n = toNumber(value);
  return n === null ? EMPTY_VALUE : `${(Math.round(n * 10) / 10).toFixed(1)}%`;
}

/** The user's currency info from user_info (docs/product-spec.md §3); the default is the rupee. */
export interface CurrencyInfo {
  /** Symbol to print, e.g. '₹' or '$'. */
  symbol: string;
  /** docs/product-spec.md §3: the icon class of the original app, kept for the shell's icons. */
  currencySign?: string;
  mrp?: string;
  selling_price?: string;
}
export const DEFAULT_CURRENCY: CurrencyInfo = { symbol: '₹', mrp: 'MRP', selling_price: 'Selling Price' };

/**
 * Currency: paise below ₹1,000 (₹49.50), whole rupees above (₹12,480); `short` abbreviates. `paise`
 * overrides the per-value rule, so a grid column prints all its values one way (columnPaise).
 */
export function formatCurrency(
  value: unknown,
  currency: CurrencyInfo = DEFAULT_CURRENCY,
  short = false,
  style: NumberStyle = DEFAULT_NUMBER_STYLE,
  paise?: boolean,
): string {
  const n = toNumber(value);
  if (n === null) return EMPTY_VALUE;
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const withPaise = paise ?? abs < NO_PAISE_FROM;
  const body = short
    ? formatShort(abs, style)
    : grouped(withPaise ? abs : Math.round(abs), style, withPaise ? 2 : 0);
  return `${sign}${currency.symbol}${body}`;
}

/**
 * Whether a currency column prints paise: when any of its values is below ₹1,000, as that value
 * alone would. One column then reads one way (₹475.62 beside ₹2,009.00, not beside ₹2,009).
 */
export function columnPaise(values: Iterable<unknown>): boolean {
  for (const v of values) {
    const n = toNumber(v);
    if (n !== null && Math.abs(n) < NO_PAISE_FROM) return true;
  }
  return false;
}
