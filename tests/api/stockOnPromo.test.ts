/**
 * stock/kpi's promotion tiles ('On Promo: In Stock' ...) and their 'View rows': each tile's drill
 * (as configured) opens stock/data with filters under which every row holds observations the tile
 * counts and the rows add up to the tile; the tile is also the raw count over the facts. Both
 * engines (API_TEST_PG=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KpiTile } from '../../src/shared/config.gen.js';
import { ON_PROMO_EXISTS } from '../../src/server/platform/warehouse/schema/stockOnPromo.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
/** The raw condition each counting tile adds to "on promotion". */
const STATUS_OF: Record<string, string> = {
  promo_observations: 'TRUE',
  promo_in_stock: 's.stock_status = 1',
  promo_out_of_stock: 's.stock_status = 0',
  promo_delisted: 's.stock_status = 2',
};

describe('stock on promotion: tiles and their drill-downs', () => {
  let server: TestServer;
  let demo: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    demo = await signIn(server);
  });
  afterAll(async () => server?.close());

  const rows = async (endpoint: string, params: Row): Promise<Row[]> => {
    const out: Row[] = [];
    for (let offset = 0; ; offset += 500) {
      const res = await demo.get<{ rows: Row[] }>(endpoint, { ...params, limit: 500, offset });
      expect(res.body.statusCode, `${endpoint}: ${res.body.msg}`).toBe(1);
      out.push(...res.body.data!.rows);
      if (res.body.data!.rows.length < 500) return out;
    }
  };

  it("each promotion tile's View rows opens stock/data rows that add up to the tile", async () => {
    const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
      "SELECT CAST(MAX(last_crawl_date) AS VARCHAR) AS d FROM crawl_log WHERE group_id = 1 AND crawl_type = 'product'",
    );
    const end = String(last!.d).slice(0, 10);
    const period = { start_date: '2000-01-01', end_date: end };
    const [tiles] = await rows('stock/promotions/stats', period);
    const screen = server.server.app.deps.config.current().screens.get('stock/kpi')!;
    const widget = screen.widgets.find((w) => w.id === 'promoTiles') as { tiles: KpiTile[] };
    const counted = widget.tiles.filter((t) => t.measure in STATUS_OF);
    expect(counted.map((t) => t.measure).sort()).toEqual(Object.keys(STATUS_OF).sort());
    for (const tile of widget.tiles) {
      // Every promotion tile leads to the on-promo rows of stock/data, never the screen's first grid.
      expect(tile.drill, tile.measure).toMatchObject({ screen: 'data', filters: { on_promo: [1] } });
    }
    for (const tile of counted) {
      const value = n(tiles![tile.measure]);
      expect(value, tile.measure).toBeGreaterThan(0);
      const filters = Object.fromEntries(
        Object.entries(tile.drill!.filters!).map(([k, v]) => [k, v!.join(',')]),
      );
      const drilled = await rows('stock/data', { ...period, ...filters });
      const observations = (r: Row) => n(r.in_stock) + n(r.out_of_stock) + n(r.delisted);
      expect(drilled.length, tile.measure).toBeGreaterThan(0);
      // Only rows the tile counts, and all of them.
      expect(drilled.every((r) => observations(r) > 0)).toBe(true);
      expect(
        drilled.reduce((s, r) => s + observations(r), 0),
        tile.measure,
      ).toBe(value);
      const [raw] = await server.server.app.deps.warehouse.query<{ c: number }>(
        `SELECT COUNT(*) AS c FROM fact_stock s
          WHERE s.group_id = 1 AND s.crawl_date <= $1 AND ${STATUS_OF[tile.measure]} AND ${ON_PROMO_EXISTS}`,
        [end],
      );
      expect(Number(raw!.c), tile.measure).toBe(value);
    }
    // The listings the out-of-stock tile counts are the drill's rows: one per product x channel.
    const [listings] = await server.server.app.deps.warehouse.query<{ c: number }>(
      `SELECT COUNT(DISTINCT s.product_id * 1000 + s.channel_id) AS c FROM fact_stock s
        WHERE s.group_id = 1 AND s.crawl_date <= $1 AND s.stock_status = 0 AND ${ON_PROMO_EXISTS}`,
      [end],
    );
    const oos = await rows('stock/data', { ...period, on_promo: '1', observed_status: '0' });
    expect(oos.length).toBe(Number(listings!.c));
  });

  it('"Out Of Stock", "In Stock" and "Delisted" say they count observations, and their drill adds up to them', async () => {
    const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
      "SELECT CAST(MAX(last_crawl_date) AS VARCHAR) AS d FROM crawl_log WHERE group_id = 1 AND crawl_type = 'product'",
    );
    const end = String(last!.d).slice(0, 10);
    const period = { start_date: '2000-01-01', end_date: end };
    const [tiles] = await rows('stock/products/stats', period);
    const snapshot = server.server.app.deps.config.current();
    const screen = snapshot.screens.get('stock/kpi')!;
    const widget = screen.widgets.find((w) => w.id === 'tiles') as { tiles: KpiTile[] };
    const counted = widget.tiles.filter((t) => t.drill?.filters?.observed_status);
    expect(counted.map((t) => t.measure).sort()).toEqual(['delisted', 'in_stock', 'out_of_stock']);
    const stock = snapshot.datasets.get('stock')!;
    for (const tile of counted) {
      // The tile's words match what the drill lists: observations, not listings.
      const unit = stock.measures.find((m) => 'id' in m && m.id === tile.measure)!.unit;
      expect(unit, tile.measure).toMatch(/^observations/);
      const filters = Object.fromEntries(
        Object.entries(tile.drill!.filters!).map(([k, v]) => [k, v!.join(',')]),
      );
      const drilled = await rows('stock/data', { ...period, ...filters });
      expect(
        drilled.every((r) => n(r[tile.measure]) > 0),
        tile.measure,
      ).toBe(true);
      expect(
        drilled.reduce((sum, r) => sum + n(r[tile.measure]), 0),
        tile.measure,
      ).toBe(n(tiles![tile.measure]));
    }
  });
});
