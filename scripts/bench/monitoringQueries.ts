/**
 * Every data query of the monitoring screens, with the request a screen makes when it opens:
 * the default date preset of the screen (ending on the last crawl date) and no other filter.
 * Shared by the latency bench, which runs each one over HTTP and straight on the warehouse.
 */
import type { ScreenConfig } from '../../src/shared/config.gen.js';
import type { ConfigSnapshot } from '../../src/server/language/config/configRegistry.js';
import { indexDataset } from '../../src/server/language/model/datasetIndex.js';
import type { QueryContext } from '../../src/server/language/query/dataRequest.js';

export interface MonitoringQuery {
  screenKey: string;
  endpoint: string;
  ctx: QueryContext;
  /** Query-string parameters of the opening request. */
  params: Record<string, string>;
}

const PRESET_DAYS: Record<string, number> = {
  today: 1,
  yesterday: 1,
  last_7_days: 7,
  last_15_days: 15,
  last_month: 30,
  last_3_month: 91,
  last_6_month: 182,
  last_1_year: 365,
};

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** start_date/end_date of a screen's default preset, ending on `endDate` (the last crawl). */
export function defaultDates(screen: ScreenConfig, endDate: string): Record<string, string> {
  const preset = screen.dates?.default;
  if (!preset || preset === 'all') return preset === 'all' ? { start_date: '-1', end_date: '-1' } : {};
  const days = PRESET_DAYS[preset] ?? 7;
  const end = preset === 'yesterday' ? addDays(endDate, -1) : endDate;
  return { start_date: addDays(end, 1 - days), end_date: end };
}

/** Areas whose screens this bench measures (the monitoring side of the product). */
export function monitoringQueries(snapshot: ConfigSnapshot, endDate: string): MonitoringQuery[] {
  const out: MonitoringQuery[] = [];
  for (const [key, screen] of [...snapshot.screens].sort(([a], [b]) => a.localeCompare(b))) {
    const config = screen.dataset ? snapshot.datasets.get(screen.dataset) : undefined;
    if (!config) continue;
    const dataset = indexDataset(config);
    for (const query of screen.queries ?? []) {
      const params = defaultDates(screen, endDate);
      if (query.paged) params.limit = String(screen.pageSize ?? 10);
      out.push({ screenKey: key, endpoint: query.endpoint, ctx: { screen, query, dataset }, params });
    }
  }
  return out;
}
