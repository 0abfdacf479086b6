import { describe, expect, it } from 'vitest';
import { isWriteSql, WarehouseVersion } from './warehouseVersion.js';
import { writingDays, type WriteScope } from './writeScope.js';

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

describe("WarehouseVersion of a group's days", () => {
  const write = (version: WarehouseVersion, scope?: WriteScope) =>
    version.around(() => Promise.resolve(), scope);
  const through = (day: string, groupId = 1) => ({ groupId, through: day });

  it("moves for reads that reach a scoped write's first day in its group, and no others", async () => {
    const version = new WarehouseVersion();
    await write(version);
    const [before, earlier, other] = [through('2026-01-10'), through('2026-01-09'), through('2026-01-10', 2)];
    expect([version.of(before), version.of(earlier), version.of(other)]).toEqual([2, 2, 2]);
    await write(version, { groupId: 1, from: '2026-01-10' });
    expect([version.of(before), version.of(earlier), version.of(other)]).toEqual([4, 2, 2]);
    expect(version.of(through('2026-02-01'))).toBe(4);
    // A write outside any scope may change anything.
    await write(version);
    expect([version.of(before), version.of(earlier), version.of(other)]).toEqual([6, 6, 6]);
  });

  it('takes its scope from writingDays, and moves while the write runs and again at its end', async () => {
    const version = new WarehouseVersion();
    const read = through('2026-01-10');
    let during = -1;
    await writingDays({ groupId: 1, from: '2026-01-05' }, () =>
      version.around(() => {
        during = version.of(read);
        return Promise.resolve();
      }),
    );
    expect([during, version.of(read), version.of(through('2026-01-04'))]).toEqual([1, 2, 0]);
  });

  it("keeps a day's many loads apart from earlier days, however many", async () => {
    const version = new WarehouseVersion();
    await write(version, { groupId: 1, from: '2026-01-09' });
    const earlier = through('2026-01-09');
    const seen = version.of(earlier);
    for (let i = 0; i < 1000; i++) await write(version, { groupId: 1, from: '2026-01-10' });
    expect(version.of(earlier)).toBe(seen);
    expect(version.of(through('2026-01-10'))).toBe(2002);
  });
});
