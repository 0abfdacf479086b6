import { createDuckDbWarehouse } from '../duckdb/duckDbWarehouse.js';
import type { Warehouse } from '../warehouse.js';
import { createPgTestWarehouse } from './pgTestWarehouse.js';

export interface TestWarehouse {
  wh: Warehouse;
  drop: () => Promise<void>;
}

/** Both warehouse engines for `describe.each`: in-memory DuckDB and a throwaway PostgreSQL schema. */
export const TEST_WAREHOUSES: [string, () => Promise<TestWarehouse>][] = [
  [
    'duckdb',
    async () => {
      const wh = await createDuckDbWarehouse(':memory:');
      return { wh, drop: () => wh.close() };
    },
  ],
  ['postgres', createPgTestWarehouse],
];
