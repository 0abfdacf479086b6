import { DEFAULT_NUMBER_STYLE, type NumberStyle } from './numberStyle.js';
import { formatValue } from './formatValue.js';
import {
  DEFAULT_CURRENCY,
  formatCurrency,
  formatInteger,
  formatShort,
  type CurrencyInfo,
} from './numbers.js';

/** From 1,000 on (the spec's first suffix) a tile reads in the style's short form: ₹10.6m / ₹1.06 Cr, 83.5k. */
export const TILE_SHORT_FROM = 1e3;

/** Formats a tile reads as amounts or counts (percent and text keep their own form). */
const AMOUNTS = new Set(['short', 'integer', 'plain', 'currency', 'currencyShort']);

export interface TileValue {
  /** What the tile shows. */
  text: string;
  /** The value written out in full (the tile's hover), e.g. ₹1,10,54,493. */
  full: string;
}

/**
 * One rule for every KPI tile, whatever format its measure has (the Units tile read
 * 83.5k next to a Revenue tile of ₹1,10,54,493): below 1,000 a figure is written out in full,
 * from 1,000 on in the user's short form (10.6m, or 1.06 Cr in the Indian style), the same form
 * the grids' short columns use, so no figure of a screen is compact while its neighbour is not.
 * The full figure (counts as integers, currency without paise from ₹1,000) stays on hover.
 */
export function formatTileValue(
  value: unknown,
  format: string | undefined,
  currency: CurrencyInfo = DEFAULT_CURRENCY,
  style: NumberStyle = DEFAULT_NUMBER_STYLE,
): TileValue {
  const n = typeof value === 'number' ? value : value === null || value === '' ? NaN : Number(value);
  if (!format || !AMOUNTS.has(format) || !Number.isFinite(n)) {
    const text = formatValue(value, format, currency, style);
    return { text, full: text };
  }
  const money = format === 'currency' || format === 'currencyShort';
  const full = money
    ? formatCurrency(n, currency, false, style)
    : format === 'short'
      ? // 'short' is a count's compact form: in full it is the count itself.
        Math.abs(n) < 1000
        ? formatShort(n, style)
        : formatInteger(n, style)
      : formatValue(n, format, currency, style);
  if (Math.abs(n) < TILE_SHORT_FROM) return { text: full, full };
  return { text: money ? formatCurrency(n, currency, true, style) : formatShort(n, style), full };
}
