import { formatCurrency, formatPlain, type NumberStyle } from '../../../shared/format/index.js';
import type { CaseFactor } from './foundCase.js';

// The inbox's figures read as the grids' do (shared/format: ₹3,31,291 grouped, paise below
// ₹1,000), in the number style of the user they are written for (the viewer in the inbox, the
// owner in the weekly mail): the rows are made here, not in the browser.

/** Rupees as the grids write them, or why there are none. */
export function rupees(value: number | null, style: NumberStyle): string {
  return value === null ? 'not enough history' : formatCurrency(value, undefined, false, style);
}

/** A factor as the How column writes it: rupees, or a grouped number (4 decimals below 1, a rate). */
export function factorText(f: CaseFactor, style: NumberStyle): string {
  if (f.value === null) return 'unknown';
  return f.format === 'currency'
    ? rupees(f.value, style)
    : Math.abs(f.value) < 1
      ? f.value.toFixed(4)
      : formatPlain(f.value, style);
}

/** The inputs that multiply to the opportunity, as the lost-sales hover writes them. */
export function howText(
  factors: readonly CaseFactor[],
  opportunity: number | null,
  style: NumberStyle,
): string {
  return (
    factors.map((f) => `${f.label} ${factorText(f, style)}`).join(' x ') + ` = ${rupees(opportunity, style)}`
  );
}

/** The trend against the last evaluation of an older day: up, down, steady or new. */
export function trendText(opportunity: number | null, previous: number | null, style: NumberStyle): string {
  if (previous === null || opportunity === null) return 'new';
  const d = opportunity - previous;
  if (Math.abs(d) < 0.5) return '= steady';
  return `${d > 0 ? '▲' : '▼'} ${rupees(Math.abs(d), style)}`;
}
