import { formatDate, formatMonth } from './dates.js';
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
  month: formatMonth,
  monthYear: formatMonth,
  text: (v: unknown) =>
    v === null || v === undefined || v === '' ? '---' : typeof v === 'string' ? v : JSON.stringify(v),
} as const;

/** One entry point so tiles and cells format the same way. Unknown formats print as text. */
export function formatValue(
  value: unknown,
  format: string | undefined,
  currency: CurrencyInfo = DEFAULT_CURRENCY,
): string {
  if (format === 'currency') return formatCurrency(value, currency);
  if (format === 'currencyShort') return formatCurrency(value, currency, true);
  const fn =
    format && format in VALUE_FORMATS
      ? VALUE_FORMATS[format as keyof typeof VALUE_FORMATS]
      : VALUE_FORMATS.text;
  return fn(value);
}
