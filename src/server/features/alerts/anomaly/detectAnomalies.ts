import type { DayVerdict } from './robust.js';
import { SEASONAL_HISTORY, seasonalEsd } from './seasonalEsd.js';
import { weekdayMedianVerdict } from './weekdayMedian.js';

/** The default robust z beyond which the weekday method flags a day. */
export const DEFAULT_ROBUST_Z = 3.5;

/**
 * Every day of a daily series (oldest first, NaN where a day has no value) that can be judged:
 * with 8+ weeks, seasonal decomposition + generalised ESD over the series; else each day from the
 * 29th against the same weekday of the 4 weeks before it, flagged beyond robust z `z`.
 */
export function detectAnomalies(series: readonly number[], z = DEFAULT_ROBUST_Z): DayVerdict[] {
  if (series.filter(Number.isFinite).length >= SEASONAL_HISTORY) return seasonalEsd(series);
  const out: DayVerdict[] = [];
  for (let t = 0; t < series.length; t++) {
    const v = weekdayMedianVerdict(series, t, z);
    if (v) out.push(v);
  }
  return out;
}
