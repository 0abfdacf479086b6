import { describe, expect, it } from 'vitest';
import type { Explanation } from '../../../../shared/insights/explanation.js';
import { waterfallBars } from './waterfall.js';

const explanation = (over: Partial<Explanation>): Explanation => ({
  measure: 'm',
  by: 'channel_id',
  current: 84,
  previous: 75,
  change: 9,
  method: 'rateMix',
  period: { start: '2026-11-14', end: '2026-11-20' },
  previousPeriod: { start: '2026-11-07', end: '2026-11-13' },
  contributions: [
    { key: '1', label: 'A', effect: 'mix', value: 27 },
    { key: '2', label: 'B', effect: 'mix', value: -18 },
  ],
  ...over,
});

describe('waterfallBars', () => {
  it('stacks each contribution on the running total, over the range it covers', () => {
    const bars = waterfallBars(explanation({}));
    expect(bars.map((b) => [b.label, Math.round(b.left), Math.round(b.width), b.tone])).toEqual([
      ['Previous period', 0, 20, 'total'],
      ['A', 20, 80, 'up'],
      ['B', 47, 53, 'down'],
      ['This period', 0, 47, 'total'],
    ]);
  });

  it('draws counts from zero', () => {
    const bars = waterfallBars(
      explanation({
        method: 'additive',
        previous: 100,
        current: 50,
        change: -50,
        contributions: [{ key: 'x', label: 'X', effect: 'member', value: -50 }],
      }),
    );
    expect(bars.map((b) => [Math.round(b.left), Math.round(b.width)])).toEqual([
      [0, 100],
      [50, 50],
      [0, 50],
    ]);
  });
});
