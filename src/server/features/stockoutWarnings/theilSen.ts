const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Theil-Sen line through points (x, y): the slope is the median of the slopes of every pair with
 * distinct x, the intercept the median of y - slope x. One outlier among five points moves neither
 * (a least-squares line follows it). Null when fewer than two distinct x.
 */
export function theilSen(
  points: readonly { x: number; y: number }[],
): { slope: number; intercept: number } | null {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i]!;
      const b = points[j]!;
      if (a.x !== b.x) slopes.push((b.y - a.y) / (b.x - a.x));
    }
  if (slopes.length === 0) return null;
  const slope = median(slopes);
  return { slope, intercept: median(points.map((p) => p.y - slope * p.x)) };
}

/**
 * Days until a falling share reaches 0: the share on the last day over the share the Theil-Sen
 * line loses a day (x in days). The last day's own share, not the line's level there: a listing
 * restocked to 100% today is not about to run out, whatever its week looked like. Null when the
 * line does not fall. Floating error rounded away (1.0 ... 0.2 loses 0.2 a day: exactly 1 day).
 */
export function daysUntilGone(
  points: readonly { x: number; y: number }[],
): { days: number; slope: number } | null {
  const line = theilSen(points);
  if (!line || !(line.slope < 0)) return null;
  const last = points.reduce((a, b) => (b.x > a.x ? b : a));
  return { days: Math.round((Math.max(0, last.y) / -line.slope) * 1e9) / 1e9, slope: line.slope };
}
