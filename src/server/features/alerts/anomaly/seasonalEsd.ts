import jStat from 'jstat';
import { median, type DayVerdict } from './robust.js';

/** Days of history the seasonal method needs: 8 weeks. */
export const SEASONAL_HISTORY = 56;
const PERIOD = 7;
const HALF = 7;

/** The centred moving median of 15 values (fewer at the ends). */
function movingMedian(values: readonly number[], i: number): number {
  return median(values.slice(Math.max(0, i - HALF), i + HALF + 1));
}

/**
 * Seasonal decomposition with period 7 (docs/metrics.md, Anomaly): a first trend, the centred
 * moving median of 15 days; the weekly pattern, each weekday's median deviation from it (centred
 * to sum 0); a day is expected at its weekday's part plus the level of the series less its
 * pattern around it: the median of the days just before and after it (one more before). A spike
 * stands out once, and a level shift on its first day only (from then on it is the level).
 */
export function decompose(series: readonly number[]): { expected: number[]; seasonal: number[] } {
  const n = series.length;
  const first = series.map((_, i) => movingMedian(series, i));
  const seasonal = Array.from({ length: PERIOD }, (_, w) => {
    const d: number[] = [];
    for (let i = w; i < n; i += PERIOD) d.push(series[i]! - first[i]!);
    return median(d);
  });
  const mean = seasonal.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0) / PERIOD;
  const pattern = seasonal.map((s) => (Number.isFinite(s) ? s - mean : 0));
  const adjusted = series.map((x, i) => x - pattern[i % PERIOD]!);
  // The level around a day, the day left out: its `after` (up to 7) next days and one day more
  // before it (at least 5). A day that breaks from the level before it (a spike, a shift's first
  // day) stands out; the next day of a shift already sits among a majority at the new level.
  const level = (i: number) => {
    const after = Math.min(HALF, n - 1 - i);
    const before = Math.max(after + 1, 5);
    return median([...adjusted.slice(Math.max(0, i - before), i), ...adjusted.slice(i + 1, i + 1 + after)]);
  };
  const expected = series.map((_, i) => pattern[i % PERIOD]! + level(i));
  return { expected, seasonal: pattern };
}

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const sd = (v: readonly number[], m: number) =>
  Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1));

/** Rosner's critical value for the j-th most extreme of m values (1-based), at level alpha. */
function esdCritical(m: number, j: number, alpha: number): number {
  const left = m - j + 1;
  const p = 1 - alpha / (2 * left);
  const t = jStat.studentt.inv(p, left - 2);
  return ((left - 1) * t) / Math.sqrt((left - 2 + t * t) * left);
}

/**
 * Generalised ESD (Rosner) on the residuals, mean and standard deviation each round:
 * up to `maxShare` of the days may be outliers; the flagged ones are the most extreme up to the
 * last round whose statistic beat its critical value. With 8+ weeks of history.
 */
export function seasonalEsd(series: readonly number[], alpha = 0.05, maxShare = 0.1): DayVerdict[] {
  const { expected } = decompose(series);
  const residual = series.map((x, i) => x - expected[i]!);
  const live = residual.map((r, i) => ({ r, i })).filter((p) => Number.isFinite(p.r));
  const m = live.length;
  const rounds = Math.max(1, Math.floor(maxShare * m));
  const left = [...live];
  const removed: number[] = [];
  let outliers = 0;
  let scale0 = Number.NaN;
  for (let j = 1; j <= rounds && left.length > 2; j++) {
    const center = mean(left.map((p) => p.r));
    const scale = sd(
      left.map((p) => p.r),
      center,
    );
    if (j === 1) scale0 = scale;
    if (!(scale > 0)) break;
    let worst = 0;
    for (let k = 1; k < left.length; k++)
      if (Math.abs(left[k]!.r - center) > Math.abs(left[worst]!.r - center)) worst = k;
    const statistic = Math.abs(left[worst]!.r - center) / scale;
    removed.push(left[worst]!.i);
    left.splice(worst, 1);
    if (statistic > esdCritical(m, j, alpha)) outliers = j;
  }
  const flagged = new Set(removed.slice(0, outliers));
  const halfWidth = esdCritical(m, 1, alpha) * scale0;
  return live.map(({ r, i }) => ({
    day: i,
    actual: series[i]!,
    expected: expected[i]!,
    low: expected[i]! - halfWidth,
    high: expected[i]! + halfWidth,
    z: scale0 > 0 ? r / scale0 : 0,
    flagged: flagged.has(i),
    method: 'seasonal decomposition + ESD' as const,
  }));
}
