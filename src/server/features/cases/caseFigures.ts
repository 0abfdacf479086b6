import { DEFAULT_NUMBER_STYLE, formatCurrency, formatPlain } from '../../../shared/format/index.js';
import type { CaseFactor } from './foundCase.js';

// The inbox's figures read as the grids' do (shared/format: ₹3,31,291 grouped, paise below ₹1,000).
// The rows are made here, so they take the product's default number style, not the viewer's.
const money = (value: number) => formatCurrency(value, undefined, false, DEFAULT_NUMBER_STYLE);

/** A factor as the How column writes it: rupees, or a grouped number (4 decimals below 1, a rate). */
export function factorText(f: CaseFactor): string {
  if (f.value === null) return 'unknown';
  return f.format === 'currency'
    ? money(f.value)
    : Math.abs(f.value) < 1
      ? f.value.toFixed(4)
      : formatPlain(f.value, DEFAULT_NUMBER_STYLE);
}

/** The inputs that multiply to the opportunity, as the lost-sales hover writes them. */
export function howText(factors: readonly CaseFactor[], opportunity: number | null): string {
  return (
    factors.map((f) => `${f.label} ${factorText(f)}`).join(' x ') +
    ` = ${opportunity === null ? 'not enough history' : money(opportunity)}`
  );
}

/** The trend against the last evaluation of an older day: up, down, steady or new. */
export function trendText(opportunity: number | null, previous: number | null): string {
  if (previous === null || opportunity === null) return 'new';
  const d = opportunity - previous;
  if (Math.abs(d) < 0.5) return '= steady';
  return `${d > 0 ? '▲' : '▼'} ${money(Math.abs(d))}`;
}
