import { DEFAULT_NUMBER_STYLE, type NumberStyle } from '../../../shared/format/index.js';

/**
 * Excel number formats for grid column kinds, in the user's number style (the user menu's
 * setting, docs/metrics.md §Number style) so a workbook groups digits as the screen did.
 *
 * Percent values arrive on a 0-100 scale (58.93 means 58.93%), so the cell holds value / 100
 * under a percent format: Excel shows 58.9% and a sum or chart over the column still works on
 * the number.
 *
 * Excel groups by threes only; Indian grouping (1,05,76,363) needs the two conditional sections
 * Excel allows (crores, lakhs) with literal commas. The last section keeps the decimals, so
 * currency drops its paise from one lakh on (international: from 1,000 on, as the grid does).
 * A negative value falls to the last section, where Excel prints its minus sign; beyond minus one
 * lakh it is grouped by threes (no grid column of these kinds holds such values: changes are percents).
 */
const INTERNATIONAL: Record<string, string> = {
  integer: '#,##0',
  plain: '#,##0.00',
  short: '#,##0.0',
  currency: '[>=1000]#,##0;#,##0.00',
};

/** Indian grouping at one lakh and one crore; `tail` is the format below one lakh. */
const indian = (tail: string): string => `[>=10000000]##\\,##\\,##\\,##0;[>=100000]##\\,##\\,##0;${tail}`;

const INDIAN: Record<string, string> = {
  integer: indian('#,##0'),
  plain: indian('#,##0.00'),
  short: indian('#,##0.0'),
  currency: indian('#,##0.00'),
};

export function numberFormatOf(
  kind: string | undefined,
  style: NumberStyle = DEFAULT_NUMBER_STYLE,
): string | undefined {
  if (kind === 'percent') return '0.0%';
  if (!kind) return undefined;
  return (style === 'indian' ? INDIAN : INTERNATIONAL)[kind];
}

/** The value to put in the cell for a column of this kind. */
export function cellValueOf(kind: string | undefined, value: unknown): unknown {
  if (kind === 'percent' && typeof value === 'number') return value / 100;
  return value;
}
