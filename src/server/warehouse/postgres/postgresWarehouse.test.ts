import { describe, expect, it } from 'vitest';
import { TEST_PG_URL } from '../testing/pgTestWarehouse.js';
import { createPostgresWarehouse } from './postgresWarehouse.js';

describe('PostgreSQL warehouse sessions', () => {
  it('sort and hash in memory up to work_mem 32MB (the group-bys of a large tenant spilled at 4MB)', async () => {
    const wh = createPostgresWarehouse(TEST_PG_URL, { maxConnections: 2 });
    try {
      const rows = await Promise.all([1, 2].map(() => wh.query<{ work_mem: string }>('SHOW work_mem')));
      expect(rows.map((r) => r[0]!.work_mem)).toEqual(['32MB', '32MB']);
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
