import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataRequest } from './testing/dataRequests.js';
import type { DatasetConfig, MeasureNode, ScreenQuery } from '../../../shared/config.gen.js';
import { indexDataset } from '../model/datasetIndex.js';
import { generateWarehouse } from '../../demo/warehouse/generateWarehouse.js';
import { TEST_WAREHOUSES } from '../../platform/warehouse/testing/testWarehouses.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { compileDatasetQuery } from './compileDatasetQuery.js';
import { dayShareEntity, dayShareSplit, rowsAreUnitDays } from './dayShareMeasures.js';
import { prepareMeasureJoins } from './measureJoins.js';
import { stockContexts } from './testing/stockContext.js';
import { MASK_DAYS } from './unitFirstRows.js';
import { deriveStockPreviousCrawl } from '../../platform/warehouse/schema/stockPreviousCrawl.js';

const stock = stockContexts().ctx('kpi', 'stats').dataset.config;
const measure = (m: Record<string, unknown>) =>
  ({ label: m.id, description: 'test', format: 'short', ...m }) as unknown as MeasureNode;
/** The stock dataset plus one measure of every kind the per-unit plan decomposes. */
const extended: DatasetConfig = {
  ...stock,
  measures: [
    ...stock.measures,
    measure({ kind: 'countDistinct', id: 'days', column: 'crawl_date' }),
    measure({ kind: 'countDistinct', id: 'channels', column: 'channel_id' }),
    measure({ kind: 'sum', id: 'status_sum', column: 'stock_status' }),
    measure({ kind: 'avg', id: 'status_avg', column: 'stock_status' }),
    measure({ kind: 'min', id: 'status_min', column: 'stock_status' }),
    measure({ kind: 'max', id: 'status_max', column: 'stock_status' }),
    measure({
      kind: 'entityDayShare',
      id: 'days_listed_pct',
      entity: ['product_id', 'channel_id', 'city_id'],
      where: { column: 'stock_status', in: [0, 1] },
      scale: 100,
    }),
  ],
};
const { grain, ...withoutGrain } = extended;
const perUnit = indexDataset(extended);
const perUnitDay = indexDataset(withoutGrain);
const measures = [
  'days_in_stock_pct',
  'days_listed_pct',
  'availability_pct',
  'listing_pct',
  'in_stock',
  'observations',
  'sku_count',
  'channels',
  'days',
  'status_sum',
  'status_avg',
  'status_min',
  'status_max',
];
const groupings = [
  [],
  ['channel_id'],
  ['brand_id'],
  ['product_id', 'channel_id'],
  ['product_id', 'channel_id', 'city_id'],
  ['crawl_date'],
  ['city_id', 'crawl_date'],
  ['is_competitor', 'category_id'],
];

describe.each(TEST_WAREHOUSES)(
  'day shares per unit (declared grain) vs per unit and day on %s',
  (_n, open) => {
    let wh: Warehouse;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ wh, drop } = await open());
      await generateWarehouse(wh, {
        seed: 11,
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
      // Holes, so units and days differ within a group: listings missing some days, and products
      // missing a whole day (the demo crawls every listing every day).
      await wh.exec(
        `DELETE FROM fact_stock WHERE (product_id + city_id + channel_id) % 3 = 0 AND crawl_date IN ('2026-03-25', '2026-03-31')`,
      );
      await wh.exec(`DELETE FROM fact_stock WHERE product_id % 5 = 0 AND crawl_date = '2026-03-28'`);
      // Deleted crawls: the listings' previous crawls are read again, as a load does.
      await deriveStockPreviousCrawl(wh);
    }, 60_000);
    afterAll(() => drop());

    it('uses the per-unit plan only because of the grain', () => {
      expect(grain).toEqual(['product_id', 'channel_id', 'city_id', 'crawl_date']);
      const unit = dayShareEntity(perUnit, measures)!;
      expect(rowsAreUnitDays(perUnit, unit)).toBe(true);
      expect(rowsAreUnitDays(perUnitDay, unit)).toBe(false);
    });

    it('gives the same rows for every grouping, date range, filter and tenant', async () => {
      const [first] = await wh.query<{ channel: number }>(
        'SELECT MIN(channel_id) AS channel FROM fact_stock WHERE group_id = 1',
      );
      const channel = first!.channel;
      const requests = [
        dataRequest({}),
        dataRequest({ startDate: '2026-03-27', endDate: '2026-03-29' }),
        dataRequest({ startDate: '2025-01-01', endDate: '2025-01-31' }),
        dataRequest({ conditions: [{ dimension: 'channel_id', op: 'in', values: [channel] }] }),
      ];
      let compared = 0;
      let shares = 0;
      for (const groupBy of groupings)
        for (const req of requests)
          for (const groupId of [1, 2]) {
            const query: ScreenQuery = { kind: 'query', id: 'q', endpoint: 'q', groupBy, measures };
            const run = async (dataset: typeof perUnit) => {
              const input = {
                dataset,
                query,
                request: req,
                groupId,
                dialect: wh.dialect,
                mode: 'export' as const,
              };
              const { sql, params } = compileDatasetQuery(input);
              return { sql, rows: await wh.query<Record<string, unknown>>(sql, params) };
            };
            const [a, b] = [await run(perUnitDay), await run(perUnit)];
            expect(a.sql).not.toContain('UNION ALL');
            expect(b.sql).toContain('UNION ALL');
            expect(b.rows, `${groupBy.join(',')} ${JSON.stringify(req)} group ${groupId}`).toEqual(a.rows);
            compared += a.rows.length;
            shares += a.rows.filter((r) => typeof r.days_in_stock_pct === 'number').length;
          }
      expect(compared).toBeGreaterThan(500);
      expect(shares).toBeGreaterThan(500);
    });

    it("counts a day share's listings as their first rows on PostgreSQL, the same rows as per listing", async () => {
      const { grainPreviousDate, ...perListing } = extended;
      expect(grainPreviousDate).toBe('prev_crawl_date');
      const grouped = indexDataset(perListing);
      const [first] = await wh.query<{ channel: number }>(
        'SELECT MIN(channel_id) AS channel FROM fact_stock WHERE group_id = 1',
      );
      const brands = (
        await wh.query<{ b: number }>(
          'SELECT DISTINCT brand_id AS b FROM fact_stock WHERE group_id = 1 ORDER BY b LIMIT 2',
        )
      ).map((r) => r.b);
      const shares = [
        'days_in_stock_pct',
        'days_listed_pct',
        'availability_pct',
        'in_stock',
        'days',
        'status_avg',
      ];
      const requests = [
        dataRequest({}),
        dataRequest({ startDate: '2026-03-27', endDate: '2026-03-29' }),
        dataRequest({
          startDate: '2026-03-25',
          conditions: [{ dimension: 'channel_id', op: 'in', values: [first!.channel] }],
        }),
        dataRequest({
          startDate: '2026-03-26',
          conditions: [{ dimension: 'brand_id', op: 'in', values: brands }],
        }),
        // The longest period whose days are a mask (the last day its top bit), and one day more.
        dataRequest({ startDate: '2026-01-27', endDate: '2026-03-31' }),
        dataRequest({ startDate: '2026-01-26', endDate: '2026-03-31' }),
      ];
      const masked = [false, true, false, false, true, false];
      expect(MASK_DAYS).toBe(64);
      const run = async (
        dataset: typeof perUnit,
        groupBy: string[],
        req: (typeof requests)[number],
        measures = shares,
      ) => {
        const query: ScreenQuery = { kind: 'query', id: 'q', endpoint: 'q', groupBy, measures };
        const input = {
          dataset,
          query,
          request: req,
          groupId: 1,
          dialect: wh.dialect,
          mode: 'export' as const,
        };
        const { sql, params } = compileDatasetQuery(input);
        return { sql, rows: await wh.query<Record<string, unknown>>(sql, params) };
      };
      if (wh.dialect !== 'postgres') {
        // DuckDB groups by listing: both datasets give the same SQL, nothing to compare.
        const [a, b] = [
          await run(grouped, ['brand_id'], requests[0]!),
          await run(perUnit, ['brand_id'], requests[0]!),
        ];
        expect(b.sql).toBe(a.sql);
        expect(b.sql).not.toContain('__first_rows');
        return;
      }
      const compare = async () => {
        let compared = 0;
        // The shares alone, and beside the SKUs (counted apart and merged per group).
        for (const measures of [shares, [...shares, 'sku_count']])
          for (const groupBy of [
            [],
            ['channel_id'],
            ['city_id'],
            ['product_id', 'channel_id', 'city_id'],
            ['brand_id'],
            ['is_competitor', 'category_id'],
          ])
            for (const req of requests) {
              const [a, b] = [
                await run(grouped, groupBy, req, measures),
                await run(perUnit, groupBy, req, measures),
              ];
              expect(a.sql).not.toContain('__first_rows');
              expect(b.sql).toContain('__first_rows');
              expect(b.sql.includes('__day_mask')).toBe(masked[requests.indexOf(req)]);
              expect(b.rows, `${measures.length} ${groupBy.join(',')} ${JSON.stringify(req)}`).toEqual(
                a.rows,
              );
              compared += a.rows.length;
            }
        return compared;
      };
      expect(await compare()).toBeGreaterThan(200);
      // Keys or filters beside the unit's columns and attributes, or two unit columns counted
      // distinct: per listing.
      expect((await run(perUnit, ['observed_status'], requests[0]!)).sql).not.toContain('__first_rows');
      const distinct = {
        kind: 'query',
        id: 'q',
        endpoint: 'q',
        measures: ['days_in_stock_pct', 'sku_count', 'channels'],
      };
      const input = { dataset: perUnit, query: distinct as ScreenQuery, request: requests[0]!, groupId: 1 };
      expect(compileDatasetQuery({ ...input, dialect: wh.dialect, mode: 'export' }).sql).not.toContain(
        '__first_rows',
      );
      // Rows whose previous crawl is not derived yet (a load in progress): answered per listing.
      await wh.exec('UPDATE fact_stock SET prev_crawl_date = NULL WHERE product_id % 4 = 0');
      try {
        expect(await compare()).toBeGreaterThan(200);
      } finally {
        await deriveStockPreviousCrawl(wh);
      }
      // Products moved to another brand and category mid-period: their listings' rows sit in two
      // groups, which the changed rows' NULL previous crawl sends per listing.
      const moved = `group_id = 1 AND product_id % 3 = 1 AND crawl_date >= '2026-03-28'`;
      await wh.exec(
        `UPDATE fact_stock SET brand_id = brand_id + 1000, category_id = category_id + 1000 WHERE ${moved}`,
      );
      try {
        await deriveStockPreviousCrawl(wh);
        const [changed] = await wh.query<{ n: number }>(
          `SELECT COUNT(*) AS n FROM fact_stock WHERE ${moved} AND prev_crawl_date IS NULL`,
        );
        expect(Number(changed!.n)).toBeGreaterThan(10);
        expect(await compare()).toBeGreaterThan(200);
      } finally {
        await wh.exec(
          `UPDATE fact_stock SET brand_id = brand_id - 1000, category_id = category_id - 1000 WHERE brand_id > 1000`,
        );
        await deriveStockPreviousCrawl(wh);
      }
    });

    it('answers a day share beside lost sales by each plan apart, the same rows as each alone', async () => {
      const mixed = ['days_in_stock_pct', 'sku_count', 'availability_pct', 'lost_sales', 'lost_weights'];
      expect(dayShareSplit(perUnit, mixed)).toMatchObject({
        shares: ['days_in_stock_pct'],
        rest: ['sku_count', 'availability_pct', 'lost_sales', 'lost_weights'],
      });
      await prepareMeasureJoins(wh, perUnit, mixed);
      const run = async (groupBy: string[], measures: string[], req = dataRequest({})) => {
        const query: ScreenQuery = { kind: 'query', id: 'q', endpoint: 'q', groupBy, measures };
        const input = { dataset: perUnit, query, request: req, groupId: 1, dialect: wh.dialect };
        const { sql, params } = compileDatasetQuery({ ...input, mode: 'export' });
        return { sql, rows: await wh.query<Record<string, unknown>>(sql, params) };
      };
      const key = (row: Record<string, unknown>, groupBy: string[]) =>
        JSON.stringify(groupBy.map((k) => row[k]));
      let lost = 0;
      for (const groupBy of [[], ['brand_id'], ['channel_id', 'city_id'], ['product_id', 'channel_id']])
        for (const req of [
          dataRequest({}),
          dataRequest({ startDate: '2026-03-29', endDate: '2026-03-31' }),
        ]) {
          const both = await run(groupBy, mixed, req);
          expect(both.sql).not.toContain('COUNT(DISTINCT (');
          const apart = new Map<string, Record<string, unknown>>();
          for (const measures of [['days_in_stock_pct'], mixed.slice(1)])
            for (const row of (await run(groupBy, measures, req)).rows)
              apart.set(key(row, groupBy), { ...apart.get(key(row, groupBy)), ...row });
          expect(both.rows.length).toBe(apart.size);
          for (const row of both.rows) {
            const alone = apart.get(key(row, groupBy))!;
            for (const m of mixed)
              if (typeof alone[m] === 'number')
                // Sums of doubles: PostgreSQL may add them in another order.
                expect(Math.abs((row[m] as number) - alone[m])).toBeLessThanOrEqual(
                  1e-9 * Math.abs(alone[m]),
                );
              else expect(row[m], `${m} of ${key(row, groupBy)}`).toEqual(alone[m]);
            if (typeof row.lost_sales === 'number' && row.lost_sales > 0) lost++;
          }
        }
      expect(lost).toBeGreaterThan(10);
    });
  },
);
