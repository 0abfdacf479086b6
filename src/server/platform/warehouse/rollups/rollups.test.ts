import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataRequest } from '../../../language/query/testing/dataRequests.js';
import type { DatasetConfig } from '../../../../shared/config.gen.js';
import { indexDataset } from '../../../language/model/datasetIndex.js';
import { loadConfigSnapshot } from '../../../language/config/loadConfigRegistry.js';
import { REPO_SCREENS_DIR } from '../../../language/config/testing/screensFixture.js';
import { compileDatasetQuery } from '../../../language/query/compileDatasetQuery.js';
import type { DataRequest } from '../../../language/query/dataRequest.js';
import { createSchema } from '../schema/createSchema.js';
import { ensureLostSalesTables } from '../../../language/measures/lostSalesTable.js';
import { generateWarehouse } from '../../../demo/warehouse/generateWarehouse.js';
import { createPgTestWarehouse } from '../testing/pgTestWarehouse.js';
import type { Warehouse } from '../warehouse.js';
import { ensureRollups } from './ensureRollups.js';
import { RollupCatalog } from './rollupCatalog.js';
import { rollupColumns, rollupPlan } from './rollupDdl.js';

const snapshot = loadConfigSnapshot(REPO_SCREENS_DIR);
const datasets = [...snapshot.datasets.values()];
const withRollups = datasets.filter((d) => d.rollups?.length);
const request = (r: Partial<DataRequest>): DataRequest => dataRequest({ limit: 10, ...r });
/**
 * Rows as text, numbers to 10 significant digits: a rollup sums doubles in another order. So a
 * mean of values that cancel out may read 1.6e-17 instead of 0: below 1e-9, a number is 0.
 */
const canonical = (rows: unknown[]) =>
  JSON.stringify(rows, (_k, v: unknown) =>
    typeof v === 'number' ? (Math.abs(v) < 1e-9 ? 0 : Number(v.toPrecision(10))) : v,
  );

/** Sums to 1e-6: a rollup adds and subtracts doubles, so 0.1 + 0.2 - 0.2 may keep a 1e-16. */
const rounded = (rows: unknown[]) =>
  JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v));

/** A day share's first-rows groups read from a rollup (unitFirstRows.ts, dayShareAggregate.ts). */
const FIRST_ROWS_ON_ROLLUP = /"__first_rows" AS \(SELECT [^\n]*\nFROM "rollup_fact_\w+" f/;

/** The rollup's rows as its declaration computes them from the facts now, and as kept. */
async function keptAndRecomputed(wh: Warehouse, ds: DatasetConfig) {
  const plan = rollupPlan(ds, ds.rollups![0]!);
  const cols = rollupColumns(plan);
  const keys = plan.keys.join(', ');
  const sums = plan.sums.flatMap((c) => [`SUM(${c}) AS __sum_${c}`, `COUNT(${c}) AS __n_${c}`]);
  const recomputed = `SELECT ${[keys, 'COUNT(*) AS __rows', ...sums].join(', ')} FROM ${ds.table} GROUP BY ${keys}`;
  const order = `ORDER BY ${keys}`;
  return {
    kept: rounded(await wh.query(`SELECT ${cols.join(', ')} FROM ${plan.table} ${order}`)),
    recomputed: rounded(await wh.query(`SELECT * FROM (${recomputed}) r ${order}`)),
  };
}

describe('rollups on PostgreSQL (docs/warehouse.md "Rollups")', () => {
  let wh: Warehouse;
  let drop: () => Promise<void>;
  const catalog = new RollupCatalog();

  beforeAll(async () => {
    ({ wh, drop } = await createPgTestWarehouse());
    // Lost sales too: a grid that joins them may read its SKU count from a rollup.
    await createSchema(wh);
    await ensureLostSalesTables(wh, datasets);
    await generateWarehouse(wh, {
      seed: 7,
      groups: [
        { groupId: 1, name: 'Demo Brands', skus: 24 },
        { groupId: 2, name: 'Rival Foods', skus: 8 },
      ],
      skusPerGroup: 24,
      channels: 3,
      cities: 4,
      days: 8,
      endDate: '2026-03-31',
    });
    // Holes, so units, days and cities differ within a group.
    await wh.exec(
      `DELETE FROM fact_stock WHERE (product_id + city_id + channel_id) % 3 = 0 AND crawl_date = '2026-03-31'`,
    );
    await ensureRollups(wh, catalog, datasets);
  }, 120_000);
  afterAll(() => drop());

  it('the stock and price datasets declare rollups, and the catalog lists them', () => {
    expect(withRollups.map((d) => d.table).sort()).toEqual(['fact_price', 'fact_stock']);
    expect(catalog.for('fact_stock').map((r) => r.table)).toEqual(['rollup_fact_stock_daily']);
    expect(catalog.for('fact_sales')).toEqual([]);
    // The competitor view over each price rollup, for the dataset reading the view.
    expect(catalog.for('v_competitor_price').map((r) => r.table)).toEqual([
      'v_competitor_price_daily',
      'v_competitor_price_variation',
    ]);
  });

  /**
   * Every screen query of a dataset with rollups, compiled with and without them, for each
   * request and both groups: the rows of those that read a rollup must equal the facts' rows.
   * `only` narrows the comparison to the queries whose rollup SQL it accepts; `perUnit` answers
   * the facts per listing (no first rows: the dataset without its previous date).
   */
  async function compareWithFacts(only: (sql: string) => boolean = () => true, perUnit = false) {
    const rows = await wh.query<{ channel: number; brand: number }>(
      'SELECT MIN(channel_id) AS channel, MIN(brand_id) AS brand FROM fact_stock WHERE group_id = 1',
    );
    const channel = Number(rows[0]!.channel);
    const brand = Number(rows[0]!.brand);
    const requests = [
      request({ startDate: '2026-03-25', endDate: '2026-03-31' }),
      request({ startDate: '2026-03-29', endDate: '2026-03-31', limit: 50 }),
      request({ conditions: [{ dimension: 'channel_id', op: 'in', values: [channel] }] }),
      request({ conditions: [{ dimension: 'brand_id', op: 'in', values: [brand] }], sort: null }),
    ];
    const counts = { onRollup: 0, onFacts: 0, partly: 0, firstRows: 0, onViews: 0 };
    for (const screen of snapshot.screens.values()) {
      const config = screen.dataset ? snapshot.datasets.get(screen.dataset) : undefined;
      // Datasets of a fact table with rollups, and of a view with views over them.
      if (!config || !catalog.for(config.table).length) continue;
      const dataset = indexDataset(config);
      for (const query of screen.queries ?? [])
        for (const r of requests)
          for (const groupId of [1, 2]) {
            const base = {
              dataset,
              query,
              request: r,
              groupId,
              dialect: 'postgres' as const,
              mode: 'page' as const,
            };
            const facts = compileDatasetQuery(
              perUnit
                ? { ...base, dataset: indexDataset({ ...config, grainPreviousDate: undefined }) }
                : base,
            );
            const rolled = compileDatasetQuery({ ...base, rollups: catalog.for(config.table) });
            const readsRollup = catalog.for(config.table).some((t) => rolled.sql.includes(`"${t.table}" f`));
            if (!readsRollup) {
              counts.onFacts++;
              continue;
            }
            if (!only(rolled.sql)) continue;
            counts.onRollup++;
            if (rolled.sql.includes(`"${config.table}" f`)) counts.partly++;
            if (FIRST_ROWS_ON_ROLLUP.test(rolled.sql)) counts.firstRows++;
            if (!config.rollups?.length) counts.onViews++;
            const [a, b] = await Promise.all([
              wh.query(facts.sql, facts.params),
              wh.query(rolled.sql, rolled.params),
            ]);
            expect(canonical(b), `${query.endpoint} ${JSON.stringify(r)} group ${groupId}`).toBe(
              canonical(a),
            );
          }
    }
    return counts;
  }

  it('every screen query a rollup can answer gives the rows the facts give, for every request', async () => {
    const { onRollup, onFacts, partly, firstRows, onViews } = await compareWithFacts();
    // Both paths are taken: the city-level and listing-level queries stay on the facts.
    expect(onRollup).toBeGreaterThan(100);
    expect(onFacts).toBeGreaterThan(30);
    // Day shares' first rows on the rollup, their per-listing branch and joined measures on the facts.
    expect(partly).toBeGreaterThan(10);
    expect(firstRows).toBeGreaterThan(10);
    expect(onViews).toBeGreaterThan(10); // the Competitors screen on the view over the rollup
  }, 120_000);

  it('while a load is not derived, a day share on the rollup counts its listings from the facts', async () => {
    // Rows whose previous crawl is not derived yet (NULL), on the requests' first days: counted
    // by their first rows, these listings would be missed.
    await wh.exec(
      `UPDATE fact_stock SET prev_crawl_date = NULL
       WHERE crawl_date IN ('2026-03-25', '2026-03-29') AND product_id % 2 = 0`,
    );
    const [pending] = await wh.query<{ n: number }>(
      'SELECT SUM(__rows) AS n FROM rollup_fact_stock_daily WHERE prev_crawl_date IS NULL',
    );
    expect(Number(pending!.n)).toBeGreaterThan(0);
    const { firstRows } = await compareWithFacts((sql) => FIRST_ROWS_ON_ROLLUP.test(sql), true);
    expect(firstRows).toBeGreaterThan(10);
  }, 120_000);

  it('a query reading a column the rollup drops, or a per-row weight, is answered from the facts', () => {
    const stock = indexDataset(snapshot.datasets.get('stock')!);
    const compile = (groupBy: string[], measures: string[]) =>
      compileDatasetQuery({
        dataset: stock,
        query: { kind: 'query', id: 'q', endpoint: 'x/y', groupBy, measures },
        request: request({}),
        groupId: 1,
        dialect: 'postgres',
        mode: 'page',
        rollups: catalog.for('fact_stock'),
      }).sql;
    expect(compile(['crawl_date'], ['availability_pct'])).toContain('"rollup_fact_stock_daily" f');
    expect(compile(['city_id'], ['availability_pct'])).toContain('"fact_stock" f');
    expect(compile([], ['qc_depth_pct'])).toContain('"fact_stock" f'); // store_share is not kept
    // A day share's listings are its rows' first ones in the period, from the rollup (it keeps
    // the previous date); only the per-listing branch, run while a load is not derived, reads
    // the facts.
    expect(compile([], ['days_in_stock_pct'])).toMatch(FIRST_ROWS_ON_ROLLUP);
    expect(compile([], ['days_in_stock_pct'])).toMatch(
      /FROM "fact_stock" f[\s\S]*GROUP BY [^)]*"city_id"\) h/,
    );
    // The SKU count beside them reads the rollup too; by city, neither does.
    const shares = compile(['brand_id'], ['days_in_stock_pct', 'sku_count']);
    expect(shares).toMatch(FIRST_ROWS_ON_ROLLUP);
    expect(shares).toMatch(/COUNT\(k."__value"\)[\s\S]*FROM "rollup_fact_stock_daily" f/);
    expect(compile(['city_id'], ['days_in_stock_pct', 'sku_count'])).not.toContain('rollup_');
  });

  it('the triggers keep each rollup equal to its facts through COPY, INSERT, UPDATE, DELETE and TRUNCATE', async () => {
    for (const ds of withRollups) {
      const { kept, recomputed } = await keptAndRecomputed(wh, ds);
      expect(kept, `${ds.table} after the load`).toBe(recomputed);
    }
    // A new day copied from an old one (one INSERT ... SELECT), some statuses and flags changed,
    // a day of one channel deleted: what loads, derivations and re-crawls do.
    await wh.exec(
      `INSERT INTO fact_stock SELECT group_id, crawl_date + 1, channel_id, city_id, product_id, brand_id, category_id,
         is_competitor, stock_status, stores_total, stores_in_stock, store_share, on_promo
       FROM fact_stock WHERE crawl_date = '2026-03-31'`,
    );
    await wh.exec(`UPDATE fact_stock SET stock_status = 2, on_promo = 1 - on_promo WHERE product_id % 4 = 1`);
    await wh.exec(
      `UPDATE fact_price SET discount_pct = discount_pct + 1, violation_type = 1 WHERE city_id % 2 = 0`,
    );
    await wh.exec(`DELETE FROM fact_stock WHERE crawl_date = '2026-03-30' AND channel_id % 2 = 1`);
    await wh.exec(`DELETE FROM fact_price WHERE crawl_date = '2026-03-29'`);
    for (const ds of withRollups) {
      const { kept, recomputed } = await keptAndRecomputed(wh, ds);
      expect(kept, `${ds.table} after the writes`).toBe(recomputed);
    }
    const [before] = await wh.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM rollup_fact_price_daily WHERE group_id = 2`,
    );
    await wh.exec('DELETE FROM fact_price WHERE group_id = 2');
    const [after] = await wh.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM rollup_fact_price_daily WHERE group_id = 2`,
    );
    expect(Number(before!.n)).toBeGreaterThan(0);
    expect(Number(after!.n)).toBe(0); // rows left with no facts go
    await wh.exec('TRUNCATE fact_price');
    const [left] = await wh.query<{ n: number }>('SELECT COUNT(*) AS n FROM rollup_fact_price_daily');
    expect(Number(left!.n)).toBe(0);
  });

  it('a changed declaration rebuilds its rollup; a removed one goes with its triggers', async () => {
    const stock = snapshot.datasets.get('stock')!;
    const wider = {
      ...stock,
      rollups: [{ ...stock.rollups![0]!, columns: [...stock.rollups![0]!.columns, 'city_id'] }],
    };
    await ensureRollups(wh, catalog, [wider]);
    expect(catalog.for('fact_stock')[0]!.columns.has('city_id')).toBe(true);
    const { kept, recomputed } = await keptAndRecomputed(wh, wider);
    expect(kept).toBe(recomputed);

    await ensureRollups(wh, catalog, [{ ...stock, rollups: undefined }]);
    expect(catalog.for('fact_stock')).toEqual([]);
    const tables = await wh.query(
      `SELECT 1 FROM pg_class WHERE relname = 'rollup_fact_stock_daily' AND relnamespace = current_schema()::regnamespace`,
    );
    const triggers = await wh.query(
      `SELECT 1 FROM pg_trigger WHERE tgname LIKE 'rollup_fact_stock_daily%' AND tgrelid = 'fact_stock'::regclass`,
    );
    expect(tables).toEqual([]);
    expect(triggers).toEqual([]);
    // Writes to the facts still work without it.
    await wh.exec(`DELETE FROM fact_stock WHERE crawl_date = '2026-03-25'`);
  });

  it('refuses a key column that may be NULL (its upserts would never match)', async () => {
    const stock = snapshot.datasets.get('stock')!;
    const nullable = { ...stock, rollups: [{ id: 'bad', columns: ['store_share'] }] };
    await expect(ensureRollups(wh, new RollupCatalog(), [nullable])).rejects.toThrow(
      'Rollup rollup_fact_stock_bad: key column "store_share" of fact_stock may be NULL',
    );
  });
});
