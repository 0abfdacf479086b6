/**
 * The user's number style (user menu): Indian groups lakhs and crores (1,05,76,363 / 1.06 Cr),
 * international groups thousands (10,576,363 / 10.6m). Tiles, grids, charts and exports all take
 * it from here so one setting changes every figure on the page.
 */
export const NUMBER_STYLES = {
  indian: { label: 'Indian (1,05,76,363 / 1.06 Cr)', locale: 'en-IN' },
  international: { label: 'International (10,576,363 / 10.6m)', locale: 'en-US' },
} as const;
export type NumberStyle = keyof typeof NUMBER_STYLES;
/**
 * The spec's short numbers (k, m, b, t, q; docs/product-spec.md §9) by default; lakhs and crores
 * are a user's choice in the user menu.
 */
export const DEFAULT_NUMBER_STYLE: NumberStyle = 'international';

export function isNumberStyle(value: unknown): value is NumberStyle {
  return typeof value === 'string' && Object.hasOwn(NUMBER_STYLES, value);
}

/** A stored style (a user's choice, an export's), or the default when there is none. */
export function asNumberStyle(value: unknown): NumberStyle {
  return isNumberStyle(value) ? value : DEFAULT_NUMBER_STYLE;
}

/** d3-format locale for Vega charts: the same digit grouping as the grids and tiles. */
export function chartNumberLocale(style: NumberStyle, symbol = '₹') {
  return {
    decimal: '.',
    thousands: ',',
    // d3 repeats the last group size: [3, 2] is 1,05,76,363.
    grouping: style === 'indian' ? [3, 2] : [3],
    currency: [symbol, ''] as [string, string],
  };
}
