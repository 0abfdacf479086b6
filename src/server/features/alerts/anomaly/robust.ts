/** Median of the finite values (NaN when none). */
export function median(values: readonly number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!v.length) return Number.NaN;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/** 1.4826 x the median absolute deviation: the standard deviation of normal noise, robustly. */
export function robustScale(values: readonly number[]): number {
  const m = median(values);
  return 1.4826 * median(values.map((x) => Math.abs(x - m)));
}

/** What a detector says about one day of a series. */
export interface DayVerdict {
  /** Index of the day in the series. */
  day: number;
  actual: number;
  expected: number;
  /** The band inside which the value counts as normal. */
  low: number;
  high: number;
  /** z of the value: (actual - expected) / scale (robust in the weekday method, the residuals' sd in ESD). */
  z: number;
  flagged: boolean;
  method: AnomalyMethod;
}

export type AnomalyMethod = 'weekday median (4 weeks)' | 'seasonal decomposition + ESD';
