import { describe, expect, it } from 'vitest';
import { createDuckDbWarehouse } from '../../platform/warehouse/duckdb/duckDbWarehouse.js';
import { createPgTestWarehouse } from '../../platform/warehouse/testing/pgTestWarehouse.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { coverageStatements, ensureCoverageTable } from './crawlCoverage.js';

const slice = { groupId: 1, channelId: 61, date: '2026-11-20' };
const page = (productId: number, cityId: number, reason: string | null, blocked = false) => ({
  productId,
  cityId,
  reason,
  blocked,
});

/** A crawl's page log written twice (a re-crawl replaces its channel-day), read back. */
async function writeAndRead(wh: Warehouse) {
  await ensureCoverageTable(wh);
  await wh.transaction(
    coverageStatements(slice, [page(1, 1, null), page(2, 1, 'HTTP 500'), page(3, 2, null)]),
  );
  await wh.transaction(
    coverageStatements(slice, [page(1, 1, null), page(2, 1, 'captcha', true), page(3, 2, 'HTTP 404')]),
  );
  const coverage = await wh.query(
    'SELECT city_id, pages, loaded, blocked, failed FROM crawl_coverage ORDER BY city_id',
  );
  const missing = await wh.query(
    'SELECT CAST(crawl_date AS VARCHAR) AS d, channel_id, city_id, product_id, blocked FROM crawl_missing_pages ORDER BY product_id',
  );
  return { coverage, missing };
}

const expected = {
  coverage: [
    { city_id: 1, pages: 2, loaded: 1, blocked: 1, failed: 0 },
    { city_id: 2, pages: 1, loaded: 0, blocked: 0, failed: 1 },
  ],
  missing: [
    { d: '2026-11-20', channel_id: 61, city_id: 1, product_id: 2, blocked: 1 },
    { d: '2026-11-20', channel_id: 61, city_id: 2, product_id: 3, blocked: 0 },
  ],
};

describe('crawl coverage and missing pages', () => {
  it('keeps, per channel-day, each page that loaded no row and whether a wall stopped it (DuckDB)', async () => {
    const wh = await createDuckDbWarehouse(':memory:');
    try {
      expect(await writeAndRead(wh)).toEqual(expected);
    } finally {
      await wh.close();
    }
  });

  it('the same on PostgreSQL', async () => {
    const { wh, drop } = await createPgTestWarehouse();
    try {
      expect(await writeAndRead(wh)).toEqual(expected);
    } finally {
      await drop();
    }
  });
});
