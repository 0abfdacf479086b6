import { createSchema } from '../../platform/warehouse/schema/createSchema.js';
import { deriveAdShelfFlags } from '../../platform/warehouse/schema/adShelfFlags.js';
import { refreshLostSales } from '../../language/measures/lostSalesTable.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { todayIso } from './calendar.js';
import { generateInWorker } from './generateInWorker.js';
import {
  generateGroupRows,
  setupChannels,
  setupCities,
  type BuildSetup,
  type PlannedGroup,
} from './groupRows.js';
import { plantCaseSituations } from './plantCaseSituations.js';
import { RowSink } from './rowSink.js';
import { deleteGroup, writeSharedDims } from './writeDims.js';

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
  /**
   * Generate on a worker thread while this one writes (generateInWorker.ts); default: when the
   * groups' SKUs x days reach WORKER_SKU_DAYS (a first start's 13 months), where two cores pay.
   */
  worker?: boolean;
  log?: (line: string) => void;
}

export interface GenerateResult {
  rows: Record<string, number>;
  totalRows: number;
  ms: number;
}

/** Sum of SKUs x days over the groups from which a build generates in a worker (see `worker`). */
const WORKER_SKU_DAYS = 10_000;

/**
 * Fills the warehouse with deterministic demo data: the same options give the same rows.
 * Existing rows of the listed groups are replaced; other tenants are left alone.
 */
export async function generateWarehouse(wh: Warehouse, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const setup: BuildSetup = {
    seed: options.seed,
    channels: options.channels ?? 5,
    cities: options.cities ?? 12,
    endDate: options.endDate ?? todayIso(),
  };
  const groups = options.groups.map((group, index): PlannedGroup => ({
    groupId: group.groupId,
    name: group.name,
    theme: group.theme ?? index,
    skus: group.skus ?? options.skusPerGroup,
    days: Math.min(group.days ?? options.days, options.days),
  }));
  await createSchema(wh);
  const sink = new RowSink(wh, options.flushRows);
  await writeSharedDims(wh, sink, setupChannels(setup), setupCities(setup));
  const afterGroup = async (groupId: number, listings: number) => {
    const phase = phaseTimer(options.log, groupId);
    // Statistics for what the derivations below and the first queries join: without them
    // PostgreSQL plans per-row probes (stockOnPromo.ts: the on_promo check took 46 s instead of
    // 0.1 s; the ad shelf flags 5.5 s instead of 1.2 s).
    if (wh.dialect === 'postgres') await wh.exec('ANALYZE fact_stock, fact_promo, fact_price');
    await plantCaseSituations(wh, groupId);
    phase('case situations');
    await deriveAdShelfFlags(wh, groupId);
    phase('ad shelf flags');
    await refreshLostSales(wh, groupId);
    phase('lost sales');
    const group = groups.find((g) => g.groupId === groupId)!;
    options.log?.(
      `group ${groupId} (${group.name}): ${group.skus} SKUs x ${group.days} days, ${listings} listings, ${Math.round(performance.now() - started)} ms since the start`,
    );
  };
  const sizable = groups.reduce((sum, g) => sum + g.skus * g.days, 0) >= WORKER_SKU_DAYS;
  let counts: Record<string, number>;
  if (options.worker ?? sizable) {
    await sink.flush();
    for (const group of groups) await deleteGroup(wh, group.groupId);
    const written = await generateInWorker(wh, setup, groups, {
      flushRows: options.flushRows,
      afterGroup,
      log: options.log,
    });
    counts = { ...sink.counts };
    for (const [table, rows] of Object.entries(written)) counts[table] = (counts[table] ?? 0) + rows;
  } else {
    for (const group of groups) {
      await deleteGroup(wh, group.groupId);
      const phase = phaseTimer(options.log, group.groupId);
      const listings = await generateGroupRows(sink, group, setup, phase);
      await sink.flush();
      phase('load');
      await afterGroup(group.groupId, listings);
    }
    await sink.flush();
    counts = { ...sink.counts };
  }
  // Fold the write-ahead log into the file now, not on the server's next start.
  if (wh.dialect === 'duckdb') await wh.exec('CHECKPOINT');
  // PostgreSQL: statistics for every table the build filled, before the first evaluation of the
  // case rules; without them the page-1 finder over fact_search and dim_keyword was planned as
  // nested loops (minutes instead of seconds on a fresh 35-day tenant).
  if (wh.dialect === 'postgres') await wh.exec(`ANALYZE ${Object.keys(counts).join(', ')}`);
  const totalRows = Object.values(counts).reduce((a, b) => a + b, 0);
  return { rows: counts, totalRows, ms: Math.round(performance.now() - started) };
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
