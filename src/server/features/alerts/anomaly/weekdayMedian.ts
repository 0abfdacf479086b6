import { median, robustScale, type DayVerdict } from './robust.js';

/** Days of history the weekday method needs: 4 weeks. */
export const WEEKDAY_HISTORY = 28;

/**
 * Day `t` against the 4 weeks before it (docs/metrics.md, Anomaly): expected = the median of the
 * same weekday's 4 values; scale = 1.4826 x MAD of the 28 days' deviations from their weekday's
 * median of the other 3 (leaving the day out keeps the scale honest with 4 values a weekday).
 * Null when the history is short or the day has no value.
 */
export function weekdayMedianVerdict(series: readonly number[], t: number, z: number): DayVerdict | null {
  const actual = series[t]!;
  if (t < WEEKDAY_HISTORY || !Number.isFinite(actual)) return null;
  const sameDay = (u: number) => [7, 14, 21, 28].map((k) => series[u - k]!).filter(Number.isFinite);
  const expectedValues = sameDay(t);
  if (expectedValues.length < 3) return null;
  const expected = median(expectedValues);
  const deviations: number[] = [];
  for (let u = t - WEEKDAY_HISTORY; u < t; u++) {
    if (!Number.isFinite(series[u]!)) continue;
    const others = [7, 14, 21]
      .flatMap((k) => [u - k, u + k])
      .filter((v) => v >= t - WEEKDAY_HISTORY && v < t);
    const m = median(others.map((v) => series[v]!));
    if (Number.isFinite(m)) deviations.push(series[u]! - m);
  }
  const scale = robustScale(deviations);
  const score =
    scale > 0
      ? (actual - expected) / scale
      : actual === expected
        ? 0
        : Infinity * Math.sign(actual - expected);
  return {
    day: t,
    actual,
    expected,
    low: expected - z * scale,
    high: expected + z * scale,
    z: score,
    flagged: Math.abs(score) > z,
    method: 'weekday median (4 weeks)',
  };
}
