import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createWarehouse } from './createWarehouse.js';
import { tableNames } from './schema/tableColumns.js';
import { TEST_PG_URL } from './testing/pgTestWarehouse.js';

describe('createWarehouse', () => {
  it('opens DuckDB in DATA_DIR (creating the folder) with every table', async () => {
    const root = await mkdtemp(join(tmpdir(), 'wh-'));
    const dataDir = join(root, 'nested', 'data');
    const wh = await createWarehouse({ DATA_DIR: dataDir, WAREHOUSE_URL: '' });
    try {
      expect(wh.dialect).toBe('duckdb');
      expect(existsSync(join(dataDir, 'warehouse.duckdb'))).toBe(true);
      await wh.exec("INSERT INTO crawl_log VALUES (1, 'product', DATE '2026-01-02'); SELECT 1;");
      expect(await wh.query('SELECT * FROM crawl_log')).toEqual([
        { group_id: 1, crawl_type: 'product', last_crawl_date: '2026-01-02' },
      ]);
    } finally {
      await wh.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it('uses PostgreSQL when WAREHOUSE_URL is set', async () => {
    const schema = `wh_test_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = `${TEST_PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    try {
      const wh = await createWarehouse({ DATA_DIR: '/nonexistent', WAREHOUSE_URL: url });
      expect(wh.dialect).toBe('postgres');
      const tables = await wh.query<{ n: number }>(
        "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name LIKE 'fact_%'",
        [schema],
      );
      expect(tables[0]!.n).toBe(tableNames().filter((t) => t.startsWith('fact_')).length);
      await wh.close();
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});
