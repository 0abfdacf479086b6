import { describe, expect, it } from 'vitest';
import { combineTotals } from '../../../shared/insights/drill.js';
import { measureDrill } from '../measures/measureDrill.js';
import type { MeasureDrill } from '../measures/measureKind.js';
import { TEST_WAREHOUSES } from '../../platform/warehouse/testing/testWarehouses.js';
import { compileDrillQuery, DRILL_ROWS } from './compileDrillQuery.js';
import type { QueryContext } from './dataRequest.js';
import { parseDrillRequest } from './drillRequest.js';
import { drillUnit } from './drillUnit.js';
import { runScreenQuery } from './runScreenQuery.js';
import { stockContexts } from './testing/stockContext.js';
import { stockWarehouse } from './testing/stockWarehouse.js';

const { ctx } = stockContexts();
const stats = ctx('kpi', 'stats');
const trend = ctx('kpi', 'trend');
const PERIOD = { start_date: '2026-01-01', end_date: '2026-01-03' };

describe.each(TEST_WAREHOUSES)('the rows behind a tile on %s', (_name, open) => {
  const stock = stockWarehouse(open);

  /** A drill of `measure` as the route runs it: its page of rows and its totals. */
  async function drill(c: QueryContext, measure: string, params: Record<string, unknown>, groupId = 1) {
    const plan = measureDrill(c.dataset, measure) as MeasureDrill;
    const request = parseDrillRequest(c, params);
    const unit = drillUnit(c.dataset, plan);
    const { page, totals } = compileDrillQuery({
      ds: c.dataset,
      query: c.query,
      request: request.data,
      groupId,
      dialect: stock.wh.dialect,
      plan,
      unit,
      condition: request.condition,
    });
    for (const join of plan.joins ?? []) await join.prepare?.(stock.wh);
    const rows = await stock.wh.query<Record<string, unknown>>(page.sql, page.params);
    const [sums] = await stock.wh.query<Record<string, unknown>>(totals.sql, totals.params);
    const figures = Object.fromEntries(
      plan.parts.map((p) => [p.id, sums![p.id] === null ? null : Number(sums![p.id])]),
    );
    return {
      rows,
      total: Number(sums![DRILL_ROWS]),
      value: combineTotals(plan.combine, plan.parts, figures, plan.scale),
    };
  }

  async function tile(c: QueryContext, measure: string, params: Record<string, string>, groupId = 1) {
    const request = parseDrillRequest(c, params).data;
    const { rows } = await runScreenQuery(
      stock.wh,
      c,
      { ...request, limit: 0, offset: 0, sort: null },
      groupId,
    );
    return rows;
  }

  it("adds up to each KPI tile under the tile's period, filters and tenant", async () => {
    const [row] = await tile(stats, 'in_stock', PERIOD);
    for (const measure of ['in_stock', 'out_of_stock', 'delisted', 'availability_pct', 'days_in_stock_pct']) {
      const d = await drill(stats, measure, PERIOD);
      expect(d.value, measure).toBeCloseTo(Number(row![measure]), 9);
    }
    // Group 1's fixture: 5 of 8 observations in stock, 5 of 9 listing-days (stockFixture.ts).
    expect((await drill(stats, 'availability_pct', PERIOD)).value).toBeCloseTo(62.5, 9);
    const oneChannel = { ...PERIOD, channel_id: '4' };
    const [filtered] = await tile(stats, 'in_stock', oneChannel);
    expect((await drill(stats, 'in_stock', oneChannel)).value).toBe(Number(filtered!.in_stock));
    const [rival] = await tile(stats, 'in_stock', PERIOD, 2);
    expect((await drill(stats, 'in_stock', PERIOD, 2)).value).toBe(Number(rival!.in_stock));
  });

  it('lists one row per listing with its labels, sorted and paged, and counts every row in its total', async () => {
    const all = await drill(stats, 'in_stock', PERIOD);
    expect(all.total).toBe(all.rows.length);
    expect(all.rows[0]).toHaveProperty('sku_name');
    expect(all.rows[0]).toHaveProperty('channel_name');
    const figures = all.rows.map((r) => Number(r.in_stock));
    expect(figures).toEqual([...figures].sort((a, b) => b - a)); // by the first figure, descending
    const ascending = await drill(stats, 'in_stock', { ...PERIOD, order_by: 'in_stock', order_type: 'asc' });
    expect(ascending.rows.map((r) => Number(r.in_stock))).toEqual([...figures].reverse());
    const second = await drill(stats, 'in_stock', { ...PERIOD, limit: '1', offset: '1' });
    expect(second.rows).toHaveLength(1);
    expect(second.total).toBe(all.total);
    expect(second.rows[0]).toEqual(all.rows[1]);
  });

  it('totals a plan combined by its smallest or largest row with MIN or MAX', async () => {
    const plan = measureDrill(stats.dataset, 'in_stock') as MeasureDrill;
    const request = parseDrillRequest(stats, PERIOD);
    const input = {
      ds: stats.dataset,
      query: stats.query,
      request: request.data,
      groupId: 1,
      dialect: stock.wh.dialect,
      unit: drillUnit(stats.dataset, plan),
      condition: request.condition,
    };
    const { page } = compileDrillQuery({ ...input, plan });
    const figures = (await stock.wh.query<Record<string, unknown>>(page.sql, page.params)).map((r) =>
      Number(r.in_stock),
    );
    expect(new Set(figures).size).toBeGreaterThan(1);
    for (const [combine, expected] of [
      ['max', Math.max(...figures)],
      ['min', Math.min(...figures)],
    ] as const) {
      const { totals } = compileDrillQuery({ ...input, plan: { ...plan, combine } });
      const [row] = await stock.wh.query<Record<string, unknown>>(totals.sql, totals.params);
      expect(Number(row!.in_stock), combine).toBe(expected);
    }
  });

  it("drops the measure's condition on request, and drills a chart point to its day", async () => {
    const kept = await drill(stats, 'out_of_stock', PERIOD);
    const dropped = await drill(stats, 'out_of_stock', { ...PERIOD, condition: 'off' });
    expect(dropped.total).toBeGreaterThan(kept.total);
    const days = await tile(trend, 'in_stock', PERIOD);
    for (const day of days) {
      const point = await drill(trend, 'in_stock', { ...PERIOD, 'point.crawl_date': String(day.crawl_date) });
      expect(point.value, String(day.crawl_date)).toBe(Number(day.in_stock));
    }
  });
});

describe('the drill page SQL', () => {
  const plan = measureDrill(stats.dataset, 'in_stock') as MeasureDrill;
  const compile = (params: Record<string, string>) => {
    const request = parseDrillRequest(stats, { ...PERIOD, ...params });
    return compileDrillQuery({
      ds: stats.dataset,
      query: stats.query,
      request: request.data,
      groupId: 1,
      dialect: 'duckdb',
      plan,
      unit: drillUnit(stats.dataset, plan),
      condition: request.condition,
    }).page.sql;
  };

  it('breaks ties of the sort by the unit keys, each once', () => {
    expect(compile({})).toContain(
      'ORDER BY "in_stock" DESC NULLS LAST, a."channel_id" ASC, a."city_id" ASC, a."product_id" ASC',
    );
    expect(compile({ order_by: 'product_id', order_type: 'asc' })).toContain(
      'ORDER BY "product_id" ASC NULLS LAST, a."channel_id" ASC, a."city_id" ASC\n',
    );
  });

  it("names each key from its lookup table, a tenant's own table within the caller's tenant", () => {
    const sql = compile({});
    expect(sql).toContain('LEFT JOIN "dim_channel" l0 ON l0."channel_id" = a."channel_id"\n');
    expect(sql).toContain(
      'LEFT JOIN "dim_product" l2 ON l2."product_id" = a."product_id" AND l2."group_id" = $1\n',
    );
    expect(sql).toContain('l2."sku_name" AS "sku_name"');
  });
});
