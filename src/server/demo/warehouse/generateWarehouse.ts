import { createSchema } from '../../platform/warehouse/schema/createSchema.js';
import { deriveAdShelfFlags } from '../../platform/warehouse/schema/adShelfFlags.js';
import { generateAds } from './ads/generateAds.js';
import { refreshLostSales } from '../../language/measures/lostSalesTable.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { buildGroupModel } from './buildGroupModel.js';
import { addDays, dateRange, todayIso } from './calendar.js';
import { generateGroupFacts } from './groupFacts.js';
import { plantCaseSituations } from './plantCaseSituations.js';
import { DEMO_CHANNELS, DEMO_CITIES } from './places.js';
import { createRng, mixSeed } from './prng.js';
import { RowSink } from './rowSink.js';
import { THEMES } from './themes.js';
import { deleteGroup, writeGroupDims, writeSharedDims } from './writeDims.js';

export interface DemoGroup {
  groupId: number;
  name: string;
  /** SKUs of this group; default options.skusPerGroup. */
  skus?: number;
  /** Index into THEMES (what the tenant sells); default the group's position in the list. */
  theme?: number;
  /** Days of history of this group, at most options.days; default options.days. */
  days?: number;
}

export interface GenerateOptions {
  seed: number;
  groups: readonly DemoGroup[];
  skusPerGroup: number;
  /** How many of DEMO_CHANNELS (Amazon, Flipkart, Big Basket Mobile, Blinkit, Zepto, ...); default 5. */
  channels?: number;
  /** How many of DEMO_CITIES (Delhi, Mumbai, Bengaluru, Kolkata, ...); default 12. */
  cities?: number;
  days: number;
  /** Last crawl date, YYYY-MM-DD; default today (UTC). */
  endDate?: string;
  /** Rows buffered before a load; bounds memory. */
  flushRows?: number;
  log?: (line: string) => void;
}

export interface GenerateResult {
  rows: Record<string, number>;
  totalRows: number;
  ms: number;
}

/**
 * Fills the warehouse with deterministic demo data: the same options give the same rows.
 * Existing rows of the listed groups are replaced; other tenants are left alone.
 */
export async function generateWarehouse(wh: Warehouse, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const endDate = options.endDate ?? todayIso();
  const channels = DEMO_CHANNELS.slice(0, Math.max(1, options.channels ?? 5));
  const cities = DEMO_CITIES.slice(0, Math.max(1, options.cities ?? 12));
  await createSchema(wh);
  const sink = new RowSink(wh, options.flushRows);
  await writeSharedDims(wh, sink, channels, cities);
  for (const [index, group] of options.groups.entries()) {
    const t0 = performance.now();
    await deleteGroup(wh, group.groupId);
    const rng = createRng(mixSeed(options.seed, group.groupId));
    const theme = THEMES[(group.theme ?? index) % THEMES.length]!;
    const skus = group.skus ?? options.skusPerGroup;
    const days = Math.min(group.days ?? options.days, options.days);
    const dates = dateRange(endDate, days);
    const phase = phaseTimer(options.log, group.groupId);
    const model = buildGroupModel(group, theme, skus, channels, cities, dates, rng.fork(1));
    writeGroupDims(sink, model, endDate);
    await generateGroupFacts(sink, model, dates, rng.fork(2));
    phase('shelf facts');
    await generateAds(sink, model, endDate, days, rng.fork(3));
    phase('ads');
    for (const [crawlType, date] of [
      ['product', endDate],
      ['category', endDate],
      ['keyword', endDate],
      ['best_seller', addDays(endDate, -1)],
    ] as const) {
      sink.push('crawl_log', [group.groupId, crawlType, date]);
    }
    await sink.flush();
    phase('load');
    // Statistics for what the derivations below and the first queries join: without them
    // PostgreSQL plans per-row probes (stockOnPromo.ts: the on_promo check took 46 s instead of
    // 0.1 s; the ad shelf flags 5.5 s instead of 1.2 s).
    if (wh.dialect === 'postgres') await wh.exec('ANALYZE fact_stock, fact_promo, fact_price');
    await plantCaseSituations(wh, group.groupId);
    phase('case situations');
    await deriveAdShelfFlags(wh, group.groupId);
    phase('ad shelf flags');
    await refreshLostSales(wh, group.groupId);
    phase('lost sales');
    options.log?.(
      `group ${group.groupId} (${group.name}): ${skus} SKUs x ${days} days, ${model.listings.length} listings, ${Math.round(performance.now() - t0)} ms`,
    );
  }
  await sink.flush();
  // Fold the write-ahead log into the file now, not on the server's next start.
  if (wh.dialect === 'duckdb') await wh.exec('CHECKPOINT');
  // PostgreSQL: statistics for every table the build filled, before the first evaluation of the
  // case rules; without them the page-1 finder over fact_search and dim_keyword was planned as
  // nested loops (minutes instead of seconds on a fresh 35-day tenant).
  if (wh.dialect === 'postgres') await wh.exec(`ANALYZE ${Object.keys(sink.counts).join(', ')}`);
  const totalRows = Object.values(sink.counts).reduce((a, b) => a + b, 0);
  return { rows: { ...sink.counts }, totalRows, ms: Math.round(performance.now() - started) };
}

/** Logs how long each step of a group's build took since the previous one (where a first start's time goes). */
function phaseTimer(log: ((line: string) => void) | undefined, groupId: number): (step: string) => void {
  let last = performance.now();
  return (step) => {
    const now = performance.now();
    log?.(`group ${groupId}: ${step} ${Math.round(now - last)} ms`);
    last = now;
  };
}
