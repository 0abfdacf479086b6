import dayjs from 'dayjs';
import type { KpiTile, ScreenConfig } from '../config.gen.js';
import { ISO } from '../filters/datePresets.js';

/** The period of equal length that ends the day before `start` (dates 'YYYY-MM-DD', inclusive). */
export function previousPeriodOf(start: string, end: string): { start: string; end: string } {
  const from = dayjs(start);
  const days = dayjs(end).diff(from, 'day') + 1;
  return { start: from.subtract(days, 'day').format(ISO), end: from.subtract(1, 'day').format(ISO) };
}

/** A tile shows the previous period unless it, or else its screen, says false. */
export function tileShowsPrevious(screen: Pick<ScreenConfig, 'previousPeriod'>, tile: KpiTile): boolean {
  return tile.previousPeriod ?? screen.previousPeriod ?? true;
}

/**
 * Whether a data call of `queryId` also answers the previous period: some KPI tile fed by the
 * query shows it. Grids and charts of the same query do not pay for it.
 */
export function queryShowsPrevious(screen: ScreenConfig, queryId: string): boolean {
  return screen.widgets.some(
    (w) =>
      w.kind === 'kpiTiles' &&
      w.rows === undefined &&
      w.query === queryId &&
      w.tiles.some((t) => tileShowsPrevious(screen, t)),
  );
}

/** What the comparison period is: the period of equal length just before, or the same dates a year back. */
export type CompareTo = 'previous' | 'last_year';
export const COMPARE_TO_PARAM = 'compare_to';
export const COMPARE_TO_MESSAGE = 'compare_to must be previous or last_year';

/** The same dates one year back (29 Feb falls on 28 Feb). */
export function lastYearOf(start: string, end: string): { start: string; end: string } {
  return {
    start: dayjs(start).subtract(1, 'year').format(ISO),
    end: dayjs(end).subtract(1, 'year').format(ISO),
  };
}

/** The comparison period of start..end. */
export function comparisonPeriodOf(
  start: string,
  end: string,
  to: CompareTo,
): { start: string; end: string } {
  return to === 'last_year' ? lastYearOf(start, end) : previousPeriodOf(start, end);
}

/** A date of the comparison period moved onto the current period (the chart overlay's x). */
export function shiftOntoCurrent(
  date: string,
  to: CompareTo,
  period: { start: string },
  currentStart: string,
): string {
  if (to === 'last_year') return dayjs(date).add(1, 'year').format(ISO);
  return dayjs(date).add(dayjs(currentStart).diff(period.start, 'day'), 'day').format(ISO);
}

/** Measures of `queryId` that some grid fed by it shows a "change vs previous" column of. */
export function gridChangeMeasures(screen: ScreenConfig, queryId: string): string[] {
  const measures = new Set<string>();
  for (const w of screen.widgets)
    if (w.kind === 'grid' && w.query === queryId)
      for (const c of w.columns) if (c.kind === 'change') measures.add(c.field);
  return [...measures];
}

/** Whether some chart fed by `queryId` overlays the comparison period. */
export function chartOverlaysPrevious(screen: ScreenConfig, queryId: string): boolean {
  return screen.widgets.some((w) => w.kind === 'chart' && w.query === queryId && w.previousPeriod === true);
}
