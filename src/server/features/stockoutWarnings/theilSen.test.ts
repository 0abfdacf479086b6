import { describe, expect, it } from 'vitest';
import { daysUntilGone, theilSen } from './theilSen.js';

const series = (ys: number[]) => ys.map((y, x) => ({ x, y }));

describe('theilSen', () => {
  it('fits a straight line exactly and ignores one outlier', () => {
    const line = theilSen(series([1, 0.8, 0.6, 0.4, 0.2]))!;
    expect(line.slope).toBeCloseTo(-0.2, 9);
    expect(line.intercept).toBeCloseTo(1, 9);
    // The fourth point far off: median slopes keep -0.2.
    expect(theilSen(series([1, 0.8, 0.6, 0.9, 0.2]))!.slope).toBeCloseTo(-0.2, 9);
    expect(theilSen([{ x: 1, y: 1 }])).toBeNull();
  });

  it('projects a falling series 1.0 ... 0.2 to 1 day, a noisy flat one to none within weeks', () => {
    expect(daysUntilGone(series([1, 0.8, 0.6, 0.4, 0.2]))?.days).toBe(1);
    const flat = daysUntilGone(series([0.8, 0.83, 0.77, 0.82, 0.79]));
    expect(flat === null || flat.days > 14).toBe(true);
    expect(daysUntilGone(series([0.2, 0.4, 0.6, 0.8, 1]))).toBeNull();
    // Back to 100% on the last day after a fall: 1.0 / 0.25 = 4 days, no warning at 2.
    expect(daysUntilGone(series([1, 0.79, 0.42, 0, 1]))?.days).toBeGreaterThan(2);
    // Gaps in the crawl days count as days: 1.0 on day 0, 0.5 on day 5 -> 0.1 a day, 5 days left.
    expect(
      daysUntilGone([
        { x: 0, y: 1 },
        { x: 5, y: 0.5 },
      ])?.days,
    ).toBe(5);
  });
});
