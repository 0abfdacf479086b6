import { describe, expect, it } from 'vitest';
import { isWriteSql, WarehouseVersion } from './warehouseVersion.js';

describe('isWriteSql', () => {
  it('takes a statement that starts with a write keyword for a write', () => {
    for (const sql of [
      'INSERT INTO t VALUES (1)',
      '  update t SET a = 1',
      'DELETE FROM t',
      'MERGE INTO t USING s ON true',
      'TRUNCATE t',
      'ALTER TABLE t ADD c INT',
      'DROP TABLE t',
      'CREATE TABLE t (a INT)',
      "COPY t FROM 'f.csv'",
      "ATTACH 'x.db'",
      'DETACH x',
      'LOAD json',
      "IMPORT DATABASE 'd'",
    ])
      expect(isWriteSql(sql), sql).toBe(true);
  });

  it('takes a plain read, and a read through CTEs, for a read', () => {
    expect(isWriteSql('SELECT 1')).toBe(false);
    expect(isWriteSql('WITH a AS (SELECT 1 AS x) SELECT x FROM a')).toBe(false);
    expect(
      isWriteSql('with updated_rows AS (SELECT deleted, insert_date FROM t) SELECT * FROM updated_rows'),
    ).toBe(false);
    // A write keyword in a literal or a comment is text.
    expect(isWriteSql("WITH a AS (SELECT 'delete me' AS note) SELECT * FROM a -- update later")).toBe(false);
    expect(isWriteSql("WITH a AS (SELECT 'it''s an insert' AS n /* merge */) SELECT n FROM a")).toBe(false);
  });

  it('takes a WITH statement that writes, at its end or in a CTE, for a write', () => {
    expect(isWriteSql('WITH a AS (SELECT 1 AS x) INSERT INTO t SELECT x FROM a')).toBe(true);
    expect(isWriteSql('WITH gone AS (DELETE FROM t RETURNING *) SELECT count(*) FROM gone')).toBe(true);
    expect(isWriteSql('WITH a AS (SELECT 1 AS x) UPDATE t SET y = a.x FROM a')).toBe(true);
  });
});

describe('WarehouseVersion', () => {
  it('moves when a write starts and again when it ends, even when it fails', async () => {
    const version = new WarehouseVersion();
    let during = -1;
    await version.around(() => {
      during = version.current();
      return Promise.resolve();
    });
    expect([during, version.current()]).toEqual([1, 2]);
    await expect(version.around(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(version.current()).toBe(4);
  });
});
