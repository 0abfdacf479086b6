import { formatDate, formatLoginTime, formatMonth } from './dates.js';
import { DEFAULT_NUMBER_STYLE, type NumberStyle } from './numberStyle.js';
import {
  DEFAULT_CURRENCY,
  formatCurrency,
  formatInteger,
  formatPercent,
  formatPlain,
  formatShort,
  type CurrencyInfo,
} from './numbers.js';

/** Value formats a config may name (KPI tiles, grid columns, chart tooltips). */
export const VALUE_FORMATS = {
  short: formatShort,
  plain: formatPlain,
  integer: formatInteger,
  percent: formatPercent,
  date: formatDate,
  dateTime: formatLoginTime,
  month: formatMonth,
  monthYear: formatMonth,
  text: (v: unknown) =>
    v === null || v === undefined || v === '' ? '---' : typeof v === 'string' ? v : JSON.stringify(v),
} as const satisfies Record<string, (v: unknown, style: NumberStyle) => string>;

/** Formats whose values are numbers: grids right-align them so digits line up. */
export const NUMERIC_FORMATS: ReadonlySet<string> = new Set([
  'short',
  'plain',
  'integer',
  'percent',
  'currency',
  'currencyShort',
]);

/** One entry point so tiles, cells and charts format the same way. Unknown formats print as text. */
export function formatValue(
  value: unknown,
  format: string | undefined,
  currency: CurrencyInfo = DEFAULT_CURRENCY,
  style: NumberStyle = DEFAULT_NUMBER_STYLE,
): string {
  if (format === 'currency') return formatCurrency(value, currency, false, style);
  if (format === 'currencyShort') return formatCurrency(value, currency, true, style);
  const fn =
    format && format in VALUE_FORMATS
      ? VALUE_FORMATS[format as keyof typeof VALUE_FORMATS]
      : VALUE_FORMATS.text;
  return fn(value, style);
}
