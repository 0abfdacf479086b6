/** docs/product-spec.md §9: suffixes at 1e3, 1e6, 1e9, 1e12, 1e15, one decimal. */
const SUFFIXES = [
  { value: 1e15, suffix: 'q' },
  { value: 1e12, suffix: 't' },
  { value: 1e9, suffix: 'b' },
  { value: 1e6, suffix: 'm' },
  { value: 1e3, suffix: 'k' },
] as const;

export const EMPTY_VALUE = '---';

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Trailing '.0' is dropped so 1000 reads '1k', 1500 '1.5k'. */
function oneDecimal(n: number): string {
  return (Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

/** Short numbers: 1234 -> '1.2k', 2_500_000 -> '2.5m'; below 1000 one decimal at most. */
export function formatShort(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return EMPTY_VALUE;
  const abs = Math.abs(n);
  for (const { value: unit, suffix } of SUFFIXES) {
    if (abs >= unit) return `${oneDecimal(n / unit)}${suffix}`;
  }
  return oneDecimal(n);
}

/** Plain values: two decimals (docs/product-spec.md §9), grouped for reading. */
export function formatPlain(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return EMPTY_VALUE;
  return n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Whole counts: grouped, no decimals. */
export function formatInteger(value: unknown): string {
  const n = toNumber(value);
  return n === null ? EMPTY_VALUE : Math.round(n).toLocaleString('en-IN');
}

/** Percent values arrive as 0-100 (e.g. availability %); one decimal. */
export function formatPercent(value: unknown): string {
  const n = toNumber(value);
  return n === null ? EMPTY_VALUE : `${oneDecimal(n)}%`;
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

export function formatCurrency(
  value: unknown,
  currency: CurrencyInfo = DEFAULT_CURRENCY,
  short = false,
): string {
  const n = toNumber(value);
  if (n === null) return EMPTY_VALUE;
  return `${currency.symbol}${short ? formatShort(n) : formatPlain(n)}`;
}
