import { DEFAULT_NUMBER_STYLE, type NumberStyle } from './numberStyle.js';
import { formatValue } from './formatValue.js';
import {
  DEFAULT_CURRENCY,
  formatCurrency,
  formatInteger,
  formatShort,
  type CurrencyInfo,
} from './numbers.js';

/** From one lakh (100,000) on a tile reads in the style's short form: ₹1.06 Cr / ₹10.6m, 8.35 L / 835.2k. */
export const TILE_SHORT_FROM = 1e5;

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
 * 83.5k next to a Revenue tile of ₹1,10,54,493): below one lakh a figure is written out in full
 * (counts as integers, currency without paise from ₹1,000), from one lakh on in the user's short
 * form (1.06 Cr or 10.6m), so no tile of a row is compact while its neighbour is not for the same
 * size. The full figure stays on hover.
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
