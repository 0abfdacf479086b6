import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigSnapshot } from '../../language/config/loadConfigRegistry.js';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import { createDuckDbWarehouse } from '../../platform/warehouse/duckdb/duckDbWarehouse.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { generateWarehouse } from './generateWarehouse.js';
import { requireTenantKey } from '../../platform/warehouse/schema/tenantKey.js';
import { FIRST_CRAWL } from '../../platform/warehouse/schema/stockPreviousCrawl.js';

const repoScreens = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../screens');
/** Datasets declaring a grain, from the product's config. */
const grained = [...loadConfigSnapshot(repoScreens).datasets.values()].filter((d) => d.grain);

/**
 * A dataset's `grain` is a promise the compiler relies on (one pass per unit for day shares):
 * the demo data must keep it, or the numbers on screen would silently change.
 */
describe('declared dataset grains hold on the demo warehouse', () => {
  let wh: Warehouse;
  beforeAll(async () => {
    wh = await createDuckDbWarehouse(':memory:');
    await generateWarehouse(wh, {
      seed: 5,
      groups: [
        { groupId: 1, name: 'Demo Brands', skus: 40 },
        { groupId: 2, name: 'Rival Foods', skus: 12 },
      ],
      skusPerGroup: 40,
      channels: 5,
      cities: 6,
      days: 10,
      endDate: '2026-03-31',
    });
  }, 60_000);
  afterAll(() => wh.close());

  it('is declared by the stock dataset', () => {
    expect(grained.map((d) => d.id)).toContain('stock');
  });

  it.each(grained.map((d) => [d.id, d] as const))(
    '%s: one row per grain value, none NULL',
    async (_id, d) => {
      const cols = [requireTenantKey(d.table), ...d.grain!].map(ident);
      const [dup] = await wh.query<{ n: number }>(
        `SELECT COUNT(*) AS n FROM (SELECT ${cols.join(', ')} FROM ${ident(d.table)} GROUP BY ${cols.join(', ')} HAVING COUNT(*) > 1) x`,
      );
      const [nulls] = await wh.query<{ n: number; rows: number }>(
        `SELECT COUNT(*) FILTER (WHERE ${cols.map((c) => `${c} IS NULL`).join(' OR ')}) AS n, COUNT(*) AS rows FROM ${ident(d.table)}`,
      );
      expect(nulls!.rows).toBeGreaterThan(0);
      expect(dup!.n).toBe(0);
      expect(nulls!.n).toBe(0);
    },
  );

  it.each(grained.filter((d) => d.grainPreviousDate).map((d) => [d.id, d] as const))(
    "%s: each row's previous date is its unit's previous row's, the first's 0001-01-01, none where an attribute changed",
    async (_id, d) => {
      const unit = [requireTenantKey(d.table), ...d.grain!.filter((c) => c !== d.dateColumn)].map(ident);
      const date = ident(d.dateColumn);
      const w = `OVER (PARTITION BY ${unit.join(', ')} ORDER BY ${date})`;
      const same = ['TRUE', ...(d.grainAttributes ?? []).map((c) => `LAG(${ident(c)}) ${w} = ${ident(c)}`)];
      const [wrong] = await wh.query<{ n: number; rows: number }>(
        `SELECT COUNT(*) FILTER (WHERE p IS DISTINCT FROM
                  CASE WHEN lag IS NULL THEN DATE '${FIRST_CRAWL}' WHEN same THEN lag END) AS n,
                COUNT(*) AS rows
         FROM (SELECT ${ident(d.grainPreviousDate!)} AS p, LAG(${date}) ${w} AS lag, ${same.join(' AND ')} AS same
               FROM ${ident(d.table)}) x`,
      );
      expect(wrong!.rows).toBeGreaterThan(0);
      expect(wrong!.n).toBe(0);
    },
  );
});
