import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenQuery } from '../../../shared/config.gen.js';
import { buildConfigSnapshot } from '../config/buildConfigSnapshot.js';
import { formatProblem } from '../config/configProblems.js';
import { loadConfigSnapshot } from '../config/loadConfigRegistry.js';
import { copyStockScreens } from '../config/testing/screensFixture.js';
import { indexDataset, type DatasetIndex } from '../model/datasetIndex.js';
import type { DataRequest } from '../query/dataRequest.js';
import { runScreenQuery } from '../query/runScreenQuery.js';
import type { LostSalesModel } from '../../../shared/config.gen.js';
import { lostSalesRowsSql } from './lostSalesRows.js';
import { measureDrill } from './measureDrill.js';
import { compileDrillQuery } from '../query/compileDrillQuery.js';
import { drillUnit } from '../query/drillUnit.js';
import { lostSalesTable, refreshLostSales } from './lostSalesTable.js';
import { bulkInsert } from '../../platform/warehouse/bulkInsert.js';
import { createSchema } from '../../platform/warehouse/schema/createSchema.js';
import { tableColumns } from '../../platform/warehouse/schema/tableColumns.js';
import { TEST_WAREHOUSES, type TestWarehouse } from '../../platform/warehouse/testing/testWarehouses.js';

/**
 * Known answers of the lost-sales kind (docs/metrics.md, Lost sales), on the configured stock and
 * sales datasets over a tiny synthetic warehouse: one product per situation, 42 days of history
 * from Thursday 2026-01-01, the days asked about after it.
 */
const GROUP = 1;
const DAYS = 42;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
const weekday = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).getUTCDay();
/** The asked days: 2026-02-12 (Thursday) .. 2026-02-16 (Monday); day 44 is Saturday 2026-02-14. */
const ASKED = [DAYS, DAYS + 4] as const;
const SATURDAY = 44;

interface City {
  city: number;
  status: number;
  stores?: number;
  share?: number | null;
}
type Listing = (n: number) => { cities: City[]; units: number; price?: number };

const inStock = (city: number): City => ({ city, status: 1 });
const asked = (n: number) => n >= ASKED[0] && n <= ASKED[1];
const PRODUCTS: Record<number, Listing> = {
  // 10 units a day at Rs 50 in two equal cities; city 1 out on the 5 asked days (sales planted low).
  1: (n) => ({ cities: [{ city: 1, status: asked(n) ? 0 : 1 }, inStock(2)], units: asked(n) ? 5 : 10 }),
  // Both cities out on the asked days.
  2: (n) => ({
    cities: [
      { city: 1, status: asked(n) ? 0 : 1 },
      { city: 2, status: asked(n) ? 0 : 1 },
    ],
    units: asked(n) ? 0 : 10,
  }),
  // Quick commerce: in stock in 60% of the city's dark stores on the first asked day.
  3: (n) => ({
    cities: [{ city: 1, status: 1, stores: 10, share: n === ASKED[0] ? 0.6 : 1 }],
    units: 10,
  }),
  // Out of stock from day 2 on: only 2 fully available days.
  4: (n) => ({ cities: [{ city: 1, status: n < 2 ? 1 : 0 }], units: n < 2 ? 10 : 0 }),
  // 10 a day, 20 on Saturdays; out on the asked Saturday only.
  5: (n) => ({
    cities: [{ city: 1, status: n === SATURDAY ? 0 : 1 }],
    units: n === SATURDAY ? 0 : weekday(n) === 6 ? 20 : 10,
  }),
  // Out in one of two cities every other day of the history with sales planted at 1: those days
  // must not feed the baseline (a median over all days would be 1 or 5.5, not 10).
  6: (n) => {
    const out = asked(n) || n % 2 === 1;
    return { cities: [{ city: 1, status: out ? 0 : 1 }, inStock(2)], units: out ? 1 : 10 };
  },
  // Delisted in one of two cities from the first asked day: counts as out.
  7: (n) => ({ cities: [{ city: 1, status: asked(n) ? 2 : 1 }, inStock(2)], units: 10 }),
  // Quick commerce weighted by dark stores: the city with 30 of 40 stores out on the first asked day.
  8: (n) => ({
    cities: [
      { city: 1, status: n === ASKED[0] ? 0 : 1, stores: 30, share: n === ASKED[0] ? 0 : 1 },
      { city: 2, status: 1, stores: 10, share: 1 },
    ],
    units: 10,
  }),
};

async function load(t: TestWarehouse): Promise<void> {
  await createSchema(t.wh);
  const stock: unknown[][] = [];
  const sales: unknown[][] = [];
  const prices: unknown[][] = [];
  for (const [id, listing] of Object.entries(PRODUCTS)) {
    const product = Number(id);
    for (let n = 0; n <= ASKED[1]; n++) {
      const { cities, units, price = 50 } = listing(n);
      const keys = [GROUP, day(n), 1];
      for (const c of cities) {
        const total = c.stores ?? 0;
        const share = c.share === undefined ? null : c.share;
        stock.push([
          ...keys,
          c.city,
          product,
          // Product 1's rows in city 1 carry brand 2: one listing-day's rows under two brands.
          product === 1 && c.city === 1 ? 2 : 1,
          1,
          0,
          c.status,
          total,
          Math.round(total * (share ?? 0)),
          share,
          0,
          null,
        ]);
        if (c.status !== 2)
          prices.push([...keys, c.city, product, 1, 1, 0, 60, price, 0, 60, null, null, 5, 0, 0, 3, 'x', 0]);
      }
      sales.push([...keys, product, 1, 1, 0, units, units * price, 1, 0]);
    }
  }
  // Another tenant's product 1 sells 1,000 a day and is out everywhere: it must never show.
  for (let n = 0; n <= ASKED[1]; n++) {
    stock.push([2, day(n), 1, 1, 1, 1, 1, 0, asked(n) ? 0 : 1, 0, 0, null, 0, null]);
    sales.push([2, day(n), 1, 1, 1, 1, 0, 1000, 50_000, 1, 0]);
  }
  await bulkInsert(t.wh, 'fact_stock', tableColumns('fact_stock'), stock);
  await bulkInsert(t.wh, 'fact_sales', tableColumns('fact_sales'), sales);
  await bulkInsert(t.wh, 'fact_price', tableColumns('fact_price'), prices);
}

const MEASURES = [
  'lost_sales',
  'lost_units',
  'lost_out_days',
  'lost_baseline',
  'lost_price',
  'lost_weights',
  'lost_unknown_days',
];
const snapshot = loadConfigSnapshot('screens');
const datasets = {
  stock: indexDataset(snapshot.datasets.get('stock')!),
  sales: indexDataset(snapshot.datasets.get('sales')!),
};

function request(start: string, end: string): DataRequest {
  return { conditions: [], startDate: start, endDate: end, limit: 500, offset: 0, sort: null };
}

async function lostBy(
  t: TestWarehouse,
  dataset: DatasetIndex,
  groupBy: string[],
  range: readonly [number, number] = ASKED,
  groupId = GROUP,
  more: string[] = [],
  products: number[] = [],
  paged = false,
  filters: Record<string, number[]> = {},
): Promise<Record<string, unknown>[]> {
  const measures = [...MEASURES, ...more];
  const query: ScreenQuery = { kind: 'query', id: 'lost', endpoint: 'x/lost', groupBy, measures, paged };
  const screen = snapshot.screens.get('stock/kpi')!;
  const asked = request(day(range[0]), day(range[1]));
  if (products.length) asked.conditions = [{ dimension: 'product_id', op: 'in', values: products }];
  for (const [dimension, values] of Object.entries(filters))
    asked.conditions.push({ dimension, op: 'in', values });
  const { rows } = await runScreenQuery(t.wh, { screen, query, dataset }, asked, groupId);
  return rows;
}

describe.each(TEST_WAREHOUSES)('lost sales on %s', (_name, open) => {
  let t: TestWarehouse;
  let byProduct: Map<number, Record<string, unknown>>;
  beforeAll(async () => {
    t = await open();
    await load(t);
    const rows = await lostBy(t, datasets.stock, ['product_id']);
    byProduct = new Map(rows.map((r) => [Number(r.product_id), r]));
  });
  afterAll(async () => t.drop());

  it('one of two equal cities out for 5 days at 10 a day and Rs 50: 25 units, Rs 1,250', () => {
    expect(byProduct.get(1)).toMatchObject({
      lost_units: 25,
      lost_sales: 1250,
      lost_out_days: 2.5,
      lost_baseline: 10,
      lost_price: 50,
      lost_weights: 'equal',
      lost_unknown_days: 0,
    });
  });

  it('both cities out: 50 units', () => {
    expect(byProduct.get(2)).toMatchObject({ lost_units: 50, lost_sales: 2500, lost_out_days: 5 });
  });

  it('in stock in 60% of the dark stores: exposure 0.4, 4 units', () => {
    expect(byProduct.get(3)).toMatchObject({
      lost_units: 4,
      lost_out_days: 0.4,
      lost_weights: 'store counts',
    });
  });

  it('2 fully available days: no figure, the days count as not enough history', () => {
    expect(byProduct.get(4)).toMatchObject({ lost_units: null, lost_sales: null, lost_out_days: 0 });
    expect(byProduct.get(4)!.lost_unknown_days).toBe(5);
  });

  it('a Saturday of 20 units loses 20, not the median of all days', () => {
    expect(byProduct.get(5)).toMatchObject({ lost_units: 20, lost_out_days: 1, lost_baseline: 20 });
  });

  it('depressed sales on out-of-stock days never lower the baseline', () => {
    expect(byProduct.get(6)).toMatchObject({ lost_baseline: 10, lost_units: 25 });
  });

  it('delisted counts as out from its first delisted day', () => {
    expect(byProduct.get(7)).toMatchObject({ lost_units: 25, lost_out_days: 2.5 });
  });

  it('weights cities by their dark stores: 30 of 40 out, exposure 0.75', () => {
    expect(byProduct.get(8)).toMatchObject({ lost_units: 7.5, lost_out_days: 0.75 });
  });

  it('sums by any dimension: per city and day the parts add up to the listing', async () => {
    const rows = await lostBy(t, datasets.stock, ['product_id', 'city_id', 'crawl_date']);
    const p1 = rows.filter((r) => Number(r.product_id) === 1);
    expect(p1.filter((r) => Number(r.city_id) === 1).map((r) => r.lost_units)).toEqual([5, 5, 5, 5, 5]);
    expect(p1.filter((r) => Number(r.city_id) === 2).map((r) => r.lost_units)).toEqual([0, 0, 0, 0, 0]);
    const [total] = await lostBy(t, datasets.stock, []);
    expect(total).toMatchObject({ lost_units: 25 + 50 + 4 + 20 + 25 + 25 + 7.5, lost_weights: 'mixed' });
  });

  it('on the sales rows (one per listing-day) the same figures, and no other tenant', async () => {
    const rows = await lostBy(t, datasets.sales, ['product_id']);
    const sales = new Map(rows.map((r) => [Number(r.product_id), r]));
    for (const [id, r] of byProduct)
      expect(sales.get(id), `product ${id}`).toMatchObject({
        lost_units: r.lost_units,
        lost_sales: r.lost_sales,
        lost_unknown_days: r.lost_unknown_days,
      });
    const [other] = await lostBy(t, datasets.sales, [], ASKED, 2);
    expect(other).toMatchObject({ lost_units: 5000 });
  });
  it('View rows lists the listing-days (and cities on stock rows) that sum to the tile', async () => {
    for (const [name, dataset, perCity] of [
      ['stock', datasets.stock, true],
      ['sales', datasets.sales, false],
    ] as const) {
      const plan = measureDrill(dataset, 'lost_sales');
      if ('reason' in plan) throw new Error(plan.reason);
      const query = snapshot.screens.get('stock/kpi')!.queries![0]!;
      const input = {
        ds: dataset,
        query: { ...query, measures: ['lost_sales'] },
        request: request(day(ASKED[0]), day(ASKED[1])),
        groupId: GROUP,
        dialect: t.wh.dialect,
        plan,
        unit: drillUnit(dataset, plan),
        condition: true,
      };
      for (const join of plan.joins ?? []) await join.prepare?.(t.wh);
      const { page, totals } = compileDrillQuery(input);
      const rows = await t.wh.query<Record<string, unknown>>(page.sql, page.params);
      const [sums] = await t.wh.query<Record<string, unknown>>(totals.sql, totals.params);
      const [tile] = await lostBy(t, dataset, []);
      expect(Number(sums!.lost_sales), name).toBeCloseTo(Number(tile!.lost_sales), 6);
      expect(Number(sums!.lost_units_row), name).toBeCloseTo(Number(tile!.lost_units), 6);
      const listed = rows.reduce((sum, r) => sum + Number(r.lost_sales ?? 0), 0);
      expect(listed, name).toBeCloseTo(Number(tile!.lost_sales), 6);
      // Product 1: city 1 out on each asked day, half the demand: 10 x 0.5 x Rs 50 a day.
      const p1 = rows.filter((r) => Number(r.product_id) === 1 && Number(r.lost_sales) > 0);
      expect(
        p1.map((r) => [r.baseline_units, r.exposure, r.lost_units_row, r.lost_sales]),
        name,
      ).toEqual(Array(5).fill([10, 0.5, 5, 250]));
      if (perCity)
        expect(
          p1.map((r) => Number(r.city_id)),
          name,
        ).toEqual([1, 1, 1, 1, 1]);
    }
  });

  it('by brand from the totals, each stock row under its own brand, as joined row by row', async () => {
    const byBrand = await lostBy(t, datasets.stock, ['brand_id']);
    const perCity = await lostBy(t, datasets.stock, ['brand_id', 'city_id']);
    expect(byBrand.map((r) => Number(r.brand_id))).toEqual([1, 2]);
    for (const row of byBrand)
      for (const id of ['lost_units', 'lost_sales', 'lost_out_days', 'lost_unknown_days'])
        expect(Number(row[id]), `${id} of brand ${String(row.brand_id)}`).toBeCloseTo(
          perCity.filter((r) => r.brand_id === row.brand_id).reduce((s, r) => s + Number(r[id] ?? 0), 0),
          9,
        );
    // Brand 2 is product 1's out-of-stock city alone: its 25 units, Rs 1,250.
    expect(byBrand[1]).toMatchObject({ lost_units: 25, lost_sales: 1250, lost_out_days: 2.5 });
    // Filtered by brand: the same figure from the totals.
    const [two] = await lostBy(t, datasets.stock, [], ASKED, GROUP, [], [], false, { brand_id: [2] });
    expect(two).toMatchObject({ lost_units: 25, lost_sales: 1250 });
  });

  it('is read from a table a load refreshes from its day on, as a rebuild would write it', async () => {
    const model = (datasets.stock.measures.get('lost_sales') as { model: LostSalesModel }).model;
    const table = lostSalesTable(model);
    // Product 1's second city goes out too on the last asked day: a crawl load of that day.
    await t.wh.query(
      `UPDATE fact_stock SET stock_status = 0 WHERE group_id = 1 AND product_id = 1 AND crawl_date = $1`,
      [day(ASKED[1])],
    );
    await refreshLostSales(t.wh, GROUP, { from: day(ASKED[1]), written: ['fact_stock'] });
    const [p1] = (await lostBy(t, datasets.stock, ['product_id'])).filter((r) => Number(r.product_id) === 1);
    expect(p1).toMatchObject({ lost_units: 4 * 5 + 10, lost_out_days: 3 });
    const read = (sql: string, params: unknown[] = []) =>
      t.wh.query(`SELECT * FROM (${sql}) x ORDER BY group_id, product_id, channel_id, __day`, params);
    const params: unknown[] = [];
    const rebuilt = await read(
      lostSalesRowsSql(model, { groupId: null, from: null }, (v) => (params.push(v), `$${params.length}`)),
      params,
    );
    // The rows' own columns (the table also keeps their totals over the stock rows).
    const own = `SELECT group_id, product_id, channel_id, __day, __weights, __w, __exposure, __baseline, __price FROM ${table}`;
    expect(await read(own)).toEqual(rebuilt);
    // A load of another table leaves the rows alone.
    await t.wh.query(`DELETE FROM ${table} WHERE group_id = 1 AND product_id = 1`);
    await refreshLostSales(t.wh, GROUP, { written: ['fact_content'] });
    expect(await read(`SELECT * FROM ${table} WHERE group_id = 1 AND product_id = 1`)).toEqual([]);
    await refreshLostSales(t.wh, GROUP, { written: ['fact_sales'] });
    expect(await read(own)).toEqual(rebuilt);
    // A one-row query sums the table's listing-day totals (query/listingDayTotals.ts), also beside
    // a fact-row measure; a filter makes it join the stock rows. All three agree after the load.
    // Keyed by city (no listing column): the join of the stock rows.
    const joined = await lostBy(t, datasets.stock, ['product_id', 'city_id']);
    const sum = (id: string) => joined.reduce((s, r) => s + Number(r[id] ?? 0), 0);
    const [whole] = await lostBy(t, datasets.stock, []);
    const [beside] = await lostBy(t, datasets.stock, [], ASKED, GROUP, ['in_stock']);
    const filtered = await lostBy(t, datasets.stock, [], ASKED, GROUP, [], [1, 2, 3, 4, 5, 6, 7, 8]);
    for (const row of [whole!, beside!, filtered[0]!])
      for (const id of ['lost_units', 'lost_sales', 'lost_out_days', 'lost_unknown_days'])
        expect(Number(row[id]), id).toBeCloseTo(sum(id), 9);
    expect(beside).toMatchObject({ lost_weights: whole!.lost_weights, lost_baseline: whole!.lost_baseline });
    // Keyed by a listing column (an explanation by product): the totals per product, as joined.
    const byProduct = await lostBy(t, datasets.stock, ['product_id'], ASKED, GROUP, ['in_stock']);
    for (const row of byProduct) {
      const mine = joined.filter((r) => r.product_id === row.product_id);
      const units = mine.some((r) => r.lost_units !== null)
        ? mine.reduce((s, r) => s + Number(r.lost_units ?? 0), 0)
        : null;
      if (units === null) expect(row.lost_units).toBeNull();
      else expect(Number(row.lost_units)).toBeCloseTo(units, 9);
    }
    expect(Number(beside!.in_stock)).toBeGreaterThan(0);
    // A page of the listing grid filtered to some products (the totals, keyed and filtered by
    // listing columns) against the same products' stock rows joined one by one (keyed by city).
    const chosen = [1, 2, 5, 7];
    const page = await lostBy(t, datasets.stock, ['product_id'], ASKED, GROUP, ['in_stock'], chosen, true);
    const perCity = await lostBy(t, datasets.stock, ['product_id', 'city_id'], ASKED, GROUP, [], chosen);
    expect(page.map((r) => Number(r.product_id)).sort()).toEqual(chosen);
    const [one] = await lostBy(t, datasets.stock, [], ASKED, GROUP, [], chosen);
    expect(Number(one!.lost_units)).toBeCloseTo(
      perCity.reduce((s, r) => s + Number(r.lost_units ?? 0), 0),
      9,
    );
    expect(Number(one!.lost_units)).toBeLessThan(Number(whole!.lost_units));
    for (const row of page) {
      const mine = perCity.filter((r) => r.product_id === row.product_id);
      for (const id of ['lost_units', 'lost_sales', 'lost_out_days', 'lost_unknown_days'])
        expect(Number(row[id]), `${id} of ${String(row.product_id)}`).toBeCloseTo(
          mine.reduce((s, r) => s + Number(r[id] ?? 0), 0),
          9,
        );
    }
  });
});

describe('lost-sales config', () => {
  it('a query showing a figure with inputs must carry them, named at the measure', () => {
    const fixture = copyStockScreens();
    fixture.edit('stock/kpi.screen.json', (s: { queries: { id: string; measures: string[] }[] }) => {
      const stats = s.queries.find((q) => q.id === 'stats')!;
      stats.measures = stats.measures.filter((m) => m !== 'lost_price' && m !== 'lost_weights');
    });
    const { problems } = buildConfigSnapshot(fixture.dir, 1);
    fixture.remove();
    expect(problems.map(({ line: _l, column: _c, ...p }) => formatProblem(p))).toEqual([
      expect.stringMatching(
        /^stock\/kpi\.screen\.json#\/queries\/0\/measures\/\d+: "lost_sales" shows its inputs on hover: add "lost_price", "lost_weights" to the query's measures$/,
      ),
      expect.stringMatching(/"lost_units" shows its inputs on hover: add "lost_weights"/),
    ]);
  });
});
