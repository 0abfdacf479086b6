/** One tick a day; labels closer than 6 px count as overlapping, so Vega thins them. */
const DAILY = { tickCount: { interval: 'day', step: 1 }, labelSeparation: 6 };

/**
 * Vega picks half-day ticks for a short date range, and a day-only label format then prints every
 * date twice. When the x axis is temporal and holds at most `maxDays` distinct dates, ask for one
 * tick per day; longer ranges keep Vega's own weekly or monthly ticks. Labels that would touch
 * ('14 Nov15 Nov' on a narrow chart) are thinned.
 */
export function dailyTickConfig(
  spec: Record<string, unknown>,
  rows: readonly Record<string, unknown>[],
  maxDays = 31,
): Record<string, unknown> {
  const x = (spec.encoding as { x?: { field?: string; type?: string } } | undefined)?.x;
  if (!x?.field || x.type !== 'temporal') return {};
  const days = new Set(rows.map((r) => String(r[x.field!])));
  return days.size > 0 && days.size <= maxDays ? { axisTemporal: DAILY } : {};
}
