import type { NumberStyle } from '../../../../shared/format/index.js';

/** The short units of shared/format/numbers.ts formatShort, largest first, with their decimals. */
const UNITS: Record<NumberStyle, readonly (readonly [number, string, number])[]> = {
  international: [
    [1e15, 'q', 1],
    [1e12, 't', 1],
    [1e9, 'b', 1],
    [1e6, 'm', 1],
    [1e3, 'k', 1],
  ],
  indian: [
    [1e7, ' Cr', 2],
    [1e5, ' L', 2],
    [1e3, 'k', 1],
  ],
};

/**
 * A Vega expression for a quantitative axis label: from 1,000 on the tiles' short form (10m,
 * 1.06 Cr) instead of the full "10,000,000"; smaller values keep the axis's own label.
 */
export function shortAxisLabelExpr(style: NumberStyle): string {
  return UNITS[style].reduceRight(
    (rest, [unit, suffix, digits]) =>
      `abs(datum.value) >= ${unit} ? format(datum.value / ${unit}, '.${digits}~f') + '${suffix}' : ${rest}`,
    'datum.label',
  );
}
