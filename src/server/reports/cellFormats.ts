/**
 * Excel number formats for grid column kinds. Percent values arrive on a 0-100 scale (58.93
 * means 58.93%), so the cell holds value / 100 under a percent format: Excel shows 58.9% and a
 * sum or chart over the column still works on the number.
 */
const NUMBER_FORMATS: Record<string, string> = {
  percent: '0.0%',
  integer: '#,##0',
  plain: '#,##0.00',
  short: '#,##0.0',
  currency: '#,##0.00',
};

export function numberFormatOf(kind: string | undefined): string | undefined {
  return kind ? NUMBER_FORMATS[kind] : undefined;
}

/** The value to put in the cell for a column of this kind. */
export function cellValueOf(kind: string | undefined, value: unknown): unknown {
  if (kind === 'percent' && typeof value === 'number') return value / 100;
  return value;
}
