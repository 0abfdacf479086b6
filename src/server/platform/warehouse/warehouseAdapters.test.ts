import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert, bulkInsertColumns } from './bulkInsert.js';
import { createSchema } from './schema/createSchema.js';
import { tableColumns } from './schema/tableColumns.js';
import type { Warehouse } from './warehouse.js';
import { TEST_WAREHOUSES } from './testing/testWarehouses.js';

// Up to stock_status; the quick-commerce store columns keep their defaults.
const STOCK_COLUMNS = tableColumns('fact_stock').slice(0, 9);

const dialects = TEST_WAREHOUSES;

describe.each(dialects)('warehouse adapter on %s', (_name, open) => {
  let wh: Warehouse;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ wh, drop } = await open());
    await createSchema(wh);
    await createSchema(wh); // idempotent
    await bulkInsert(wh, 'fact_stock', STOCK_COLUMNS, [
      [1, '2026-01-30', 1, 10, 100, 7, 3, 0, 1],
      [1, '2026-01-31', 1, 10, 100, 7, 3, 0, 0],
      [1, '2026-01-31', 4, 11, 101, 8, 3, 1, 2],
      [2, '2026-01-31', 1, 10, 900, 90, 30, 0, 1],
    ]);
  });
  afterAll(() => drop());

  it('returns counts and sums as numbers and dates as YYYY-MM-DD', async () => {
    const rows = await wh.query<{ n: unknown; s: unknown; d: unknown; big: unknown; dec: unknown }>(
      `SELECT COUNT(*) AS n, SUM(product_id) AS s, MAX(crawl_date) AS d,
              CAST(9007199254740991 AS BIGINT) AS big, CAST(12.34 AS DECIMAL(10,2)) AS dec
       FROM fact_stock WHERE group_id = $1`,
      [1],
    );
    expect(rows).toEqual([{ n: 3, s: 301, d: '2026-01-31', big: 9007199254740991, dec: 12.34 }]);
  });

  it('binds dates, lists of ids and strings as parameters', async () => {
    const rows = await wh.query<{ product_id: number; crawl_date: string }>(
      `SELECT product_id, crawl_date FROM fact_stock
       WHERE group_id = $1 AND crawl_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) AND channel_id IN ($4, $5)
       ORDER BY product_id, crawl_date`,
      [1, '2026-01-31', '2026-01-31', 1, 4],
    );
    expect(rows).toEqual([
      { product_id: 100, crawl_date: '2026-01-31' },
      { product_id: 101, crawl_date: '2026-01-31' },
    ]);
  });

  it('returns timestamps as text and NaN as a number', async () => {
    const rows = await wh.query(
      "SELECT CAST('2026-01-02 10:00:00' AS TIMESTAMP) AS t, CAST('NaN' AS DOUBLE PRECISION) AS nan",
    );
    expect(rows).toEqual([{ t: '2026-01-02 10:00:00', nan: NaN }]);
  });

  it('compares a DATE column with a plain string parameter', async () => {
    const rows = await wh.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM fact_stock WHERE crawl_date >= $1 AND crawl_date <= $2',
      ['2026-01-31', '2026-01-31'],
    );
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('binds a JS array as a list for = ANY($1)', async () => {
    const rows = await wh.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM fact_stock WHERE channel_id = ANY($1)',
      [[4, 9]],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('never splices parameters into SQL text', async () => {
    const hostile = "x'); DROP TABLE fact_stock; --";
    const rows = await wh.query<{ v: string }>('SELECT CAST($1 AS VARCHAR) AS v', [hostile]);
    expect(rows).toEqual([{ v: hostile }]);
    const still = await wh.query<{ n: number }>('SELECT COUNT(*) AS n FROM fact_stock');
    expect(still).toEqual([{ n: 4 }]);
  });

  it('keeps null parameters and results as null', async () => {
    const rows = await wh.query('SELECT CAST($1 AS INTEGER) AS v', [null]);
    expect(rows).toEqual([{ v: null }]);
  });

  it('runs concurrent queries', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        wh.query<{ v: number }>('SELECT COUNT(*) + $1 AS v FROM fact_stock', [i]),
      ),
    );
    expect(results.map((r) => r[0]?.v)).toEqual(Array.from({ length: 12 }, (_, i) => 4 + i));
  });

  it('leaves pg global type parsers alone (the app store shares them)', () => {
    const parseInt8 = pg.types.getTypeParser(pg.types.builtins.INT8, 'text') as (text: string) => unknown;
    expect(parseInt8('5')).toBe('5');
  });

  it('reports SQL errors as rejected promises', async () => {
    await expect(wh.query('SELECT no_such_column FROM fact_stock')).rejects.toThrow();
  });

  it('streams a large read in batches, every row once, and can stop early', async () => {
    const sql = 'SELECT CAST(n AS INTEGER) AS n FROM generate_series(1, 5000) AS t(n) ORDER BY n';
    const batches: number[][] = [];
    for await (const rows of wh.stream<{ n: number }>(sql)) batches.push(rows.map((r) => r.n));
    expect(batches.length).toBeGreaterThan(1);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(2048);
    expect(batches.flat()).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
    for await (const rows of wh.stream(sql)) if (rows.length) break;
    // The connection a stopped stream held serves the next query.
    expect(await wh.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('loads columns of more rows than one DuckDB data chunk holds, every value in place', async () => {
    // 5,000 rows: two full 2,048-row chunks and a partial one, through the one reused chunk.
    const n = 5000;
    const row = (i: number) => [
      1_000_000 + i,
      9,
      `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      1 + (i % 5),
      i,
      1,
      1,
      0,
      1 + (i % 5),
      `title ${i}`,
      'x'.repeat(i % 40),
      `reviewer ${i % 13}`,
      1,
      0,
    ];
    const width = tableColumns('fact_review').length;
    const columns = Array.from({ length: width }, (_, c) => Array.from({ length: n }, (_, i) => row(i)[c]));
    await bulkInsertColumns(wh, 'fact_review', columns);
    const back = await wh.query<Record<string, unknown>>(
      `SELECT review_id, CAST(review_date AS VARCHAR) AS d, product_id, review_title, review_text, reviewer_name
         FROM fact_review WHERE group_id = 9 ORDER BY review_id`,
    );
    expect(
      back.map((r) => [
        Number(r.review_id),
        r.d,
        r.product_id,
        r.review_title,
        r.review_text,
        r.reviewer_name,
      ]),
    ).toEqual(
      Array.from({ length: n }, (_, i) => {
        const r = row(i);
        return [r[0], r[2], r[4], r[9], r[10], r[11]];
      }),
    );
    await wh.query('DELETE FROM fact_review WHERE group_id = 9');
  });

  it('moves its version on writes and loads, not on reads', async () => {
    const start = wh.version();
    await wh.query('SELECT COUNT(*) AS n FROM fact_stock');
    for await (const _ of wh.stream('SELECT * FROM fact_stock')) void _;
    expect(wh.version()).toBe(start);
    await bulkInsert(wh, 'fact_stock', STOCK_COLUMNS, [[3, '2026-01-31', 1, 10, 100, 7, 3, 0, 1]]);
    const afterLoad = wh.version();
    expect(afterLoad).toBeGreaterThan(start);
    await wh.query('DELETE FROM fact_stock WHERE group_id = $1', [3]);
    expect(wh.version()).toBeGreaterThan(afterLoad);
  });
});
