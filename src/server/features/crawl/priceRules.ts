/** Price vocabularies of METRICS.md, as pure functions the generator (and tests) share. */
export const VIOLATION = { max: 1, min: 2, maxMin: 3, satisfied: 4, na: 5 } as const;

/**
 * Violation of one observation. Selling above MRP is always a violation in India (Legal
 * Metrology), rule or not, and it is a Max violation: MRP is a ceiling, so an observation above
 * it is counted under Max even on a day whose crawls also went under the minimum (`swung`),
 * which keeps the Above MRP tile a part of the Max tile (docs/metrics.md).
 */
export function violationType(
  sellingPrice: number,
  mrp: number,
  ruleMin: number | null,
  ruleMax: number | null,
  swung: boolean,
): number {
  if (sellingPrice > mrp) return VIOLATION.max;
  if (ruleMin === null && ruleMax === null) return VIOLATION.na;
  if (swung && ruleMin !== null && ruleMax !== null) return VIOLATION.maxMin;
  if (ruleMax !== null && sellingPrice > ruleMax) return VIOLATION.max;
  if (ruleMin !== null && sellingPrice < ruleMin) return VIOLATION.min;
  return VIOLATION.satisfied;
}

export const VARIATION_BAND_NAMES: readonly string[] = [
  '< -20%',
  '-20% to -15%',
  '-15% to -10%',
  '-10% to -5%',
  '-5% to 0%',
  '0% to 5%',
  '5% to 10%',
  '10% to 15%',
  '15% to 20%',
  '> 20%',
];

/** Band 1..10 of a price variation in %: 5% wide, lower bound included, open-ended at ±20%. */
export function variationBand(variationPct: number): number {
  return Math.min(10, Math.max(1, Math.floor((variationPct + 20) / 5) + 2));
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
