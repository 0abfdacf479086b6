import { describe, expect, it } from 'vitest';
import { createPgTestWarehouse, TEST_PG_URL } from '../testing/pgTestWarehouse.js';
import { bulkInsert } from '../bulkInsert.js';
import { createPostgresWarehouse } from './postgresWarehouse.js';

describe('PostgreSQL warehouse sessions', () => {
  it('sort and hash in memory up to work_mem 32MB, and compile no query just in time, on every connection', async () => {
    // 4MB spilled the group-bys of a large tenant; JIT took ~1.2 s of a 0.6 s query at 13 months.
    const wh = createPostgresWarehouse(TEST_PG_URL, { maxConnections: 2 });
    try {
      const show = () =>
        wh.query<{ work_mem: string; jit: string }>(
          "SELECT current_setting('work_mem') AS work_mem, current_setting('jit') AS jit",
        );
      const rows = await Promise.all([show(), show()]);
      expect(rows.map((r) => r[0])).toEqual([
        { work_mem: '32MB', jit: 'off' },
        { work_mem: '32MB', jit: 'off' },
      ]);
    } finally {
      await wh.close();
    }
  });

  it('refuses a malformed work_mem rather than send it to the server', () => {
    expect(() => createPostgresWarehouse(TEST_PG_URL, { workMem: "1MB'; DROP TABLE x; --" })).toThrow(
      /Bad work_mem/,
    );
  });
});

describe('PostgreSQL warehouse loads (COPY FROM STDIN)', () => {
  it('round-trips awkward text, nulls, numbers and dates exactly, as one statement', async () => {
    const { wh, drop } = await createPgTestWarehouse();
    try {
      await wh.exec('CREATE TABLE t (id INTEGER, name VARCHAR, price DOUBLE PRECISION, d DATE)');
      const names = ['tab\there', 'line\nbreak\r\n', 'back\\slash \\N', '', 'नमस्ते 🛒', '"quoted", comma'];
      const rows = names.map((name, i) => [i, name, i === 2 ? null : i * 1.25, '2026-11-0' + (i + 1)]);
      rows.push([99, null, -0.5, null]);
      const before = wh.version();
      await bulkInsert(wh, 't', ['id', 'name', 'price', 'd'], rows);
      expect(wh.version()).toBeGreaterThan(before);
      const back = await wh.query<{
        id: number;
        name: string | null;
        price: number | null;
        d: string | null;
      }>('SELECT id, name, price, d FROM t ORDER BY id');
      expect(back.map((r) => [r.id, r.name, r.price, r.d])).toEqual(rows);
    } finally {
      await drop();
    }
  });

  it('loads all rows or none: a bad value in the last row leaves the table empty', async () => {
    const { wh, drop } = await createPgTestWarehouse();
    try {
      await wh.exec('CREATE TABLE t (id INTEGER NOT NULL)');
      const rows: (number | null)[][] = Array.from({ length: 5000 }, (_, i) => [i]);
      rows.push([null]);
      await expect(bulkInsert(wh, 't', ['id'], rows)).rejects.toThrow(/null value/);
      expect(await wh.query('SELECT COUNT(*)::INTEGER AS n FROM t')).toEqual([{ n: 0 }]);
      await bulkInsert(wh, 't', ['id'], rows.slice(0, 5000));
      expect(await wh.query('SELECT COUNT(*)::INTEGER AS n FROM t')).toEqual([{ n: 5000 }]);
    } finally {
      await drop();
    }
  });

  it('refuses a table or column name that is not a plain identifier', async () => {
    const { wh, drop } = await createPgTestWarehouse();
    try {
      await expect(bulkInsert(wh, 't; DROP TABLE x', ['id'], [[1]])).rejects.toThrow(/Bad table or column/);
      await expect(bulkInsert(wh, 't', ['id)--'], [[1]])).rejects.toThrow(/Bad table or column/);
    } finally {
      await drop();
    }
  });
});
