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
