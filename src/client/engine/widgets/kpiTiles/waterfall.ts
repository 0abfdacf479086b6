import type { Explanation } from '../../../../shared/insights/explanation.js';

/** One bar of the waterfall, in percent of the chart's width. */
export interface WaterfallBar {
  key: string;
  label: string;
  effect: string;
  value: number;
  left: number;
  width: number;
  tone: 'total' | 'up' | 'down';
}

/**
 * The previous value, each contribution stacked on the running total, and the current value:
 * bars placed over the range the running total covers (a ratio moving 84 -> 70 is drawn over
 * 70..84, not 0..84, so the steps stay visible).
 */
export function waterfallBars(e: Explanation): WaterfallBar[] {
  const start = e.previous ?? 0;
  let run = start;
  const steps = e.contributions.map((c) => {
    const from = run;
    run += c.value;
    return { c, from, to: run };
  });
  const points = [start, e.current ?? run, ...steps.flatMap((s) => [s.from, s.to])];
  const totalsFromZero = Math.min(...points) >= 0 && e.method !== 'rateMix';
  const hi = Math.max(...points);
  // Totals of a ratio start a quarter of the range below its lowest point, so they stay visible.
  const lo = totalsFromZero ? 0 : Math.min(...points) - (hi - Math.min(...points)) / 4 || 0;
  const span = hi - lo || 1;
  const at = (v: number) => ((v - lo) / span) * 100;
  const total = (key: string, label: string, value: number): WaterfallBar => ({
    key,
    label,
    effect: 'total',
    value,
    left: 0,
    width: Math.max(at(value), 0.5),
    tone: 'total',
  });
  return [
    total('previous', 'Previous period', start),
    ...steps.map(({ c, from, to }) => ({
      key: c.key,
      label: c.label,
      effect: c.effect,
      value: c.value,
      left: at(Math.min(from, to)),
      width: Math.max(Math.abs(at(to) - at(from)), 0.5),
      tone: c.value >= 0 ? ('up' as const) : ('down' as const),
    })),
    total('current', 'This period', e.current ?? run),
  ];
}
