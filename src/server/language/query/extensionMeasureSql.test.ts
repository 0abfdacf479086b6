import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetConfig, ScreenQuery } from '../../../shared/config.gen.js';
import { indexDataset } from '../model/datasetIndex.js';
import {
  createDuckDbWarehouse,
  type DuckDbWarehouse,
} from '../../platform/warehouse/duckdb/duckDbWarehouse.js';
import { compileDatasetQuery } from './compileDatasetQuery.js';

// A tiny result page: brand 1 holds positions 1 and 3, brand 2 positions 2 and 4 (product 20 twice).
const DATASET = {
  schemaVersion: 1,
  kind: 'dataset',
  id: 't',
  label: 't',
  table: 't_slots',
  dateColumn: 'd',
  dimensions: [{ kind: 'column', id: 'brand_id', column: 'brand_id', type: 'integer', label: 'Brand' }],
  measures: [
    { kind: 'count', id: 'slots', label: 'Slots', description: 'd', format: 'integer' },
    {
      kind: 'countDistinctIf',
      id: 'own_products',
      label: 'P',
      description: 'd',
      format: 'integer',
      column: 'product_id',
      where: { column: 'brand_id', equals: 2 },
    },
    {
      kind: 'sumIf',
      id: 'brand1_positions',
      label: 'S',
      description: 'd',
      format: 'plain',
      column: 'position',
      where: { column: 'brand_id', equals: 1 },
    },
    {
      kind: 'sumIf',
      id: 'brand3_positions',
      label: 'S',
      description: 'd',
      format: 'plain',
      column: 'position',
      where: { column: 'brand_id', equals: 3 },
    },
    {
      kind: 'rankWeight',
      id: 'weight',
      label: 'W',
      description: 'd',
      format: 'plain',
      column: 'position',
      top: 4,
    },
    {
      kind: 'rankWeight',
      id: 'own_weight',
      label: 'W',
      description: 'd',
      format: 'plain',
      column: 'position',
      top: 4,
      where: { column: 'brand_id', equals: 1 },
    },
    {
      kind: 'ratio',
      id: 'weighted_share',
      label: 'S',
      description: 'd',
      format: 'percent',
      numerator: 'own_weight',
      denominator: 'weight',
      scale: 100,
    },
    {
      kind: 'shareOfTotal',
      id: 'slot_share',
      label: 'S',
      description: 'd',
      format: 'percent',
      of: 'slots',
      scale: 100,
    },
  ],
} as DatasetConfig;

let wh: DuckDbWarehouse;
beforeAll(async () => {
  wh = await createDuckDbWarehouse(':memory:');
  await wh.exec(
    'CREATE TABLE t_slots (group_id INTEGER, d DATE, brand_id INTEGER, product_id INTEGER, position INTEGER)',
  );
  await wh.exec(`INSERT INTO t_slots VALUES (1, DATE '2026-01-01', 1, 10, 1), (1, DATE '2026-01-01', 2, 20, 2),
    (1, DATE '2026-01-01', 1, 11, 3), (1, DATE '2026-01-01', 2, 20, 4), (2, DATE '2026-01-01', 1, 99, 1)`);
});
afterAll(() => wh.close());

async function run(query: Partial<ScreenQuery>, paging = { limit: 10, offset: 0 }) {
  const q = { kind: 'query', id: 'q', endpoint: 'x', measures: [], ...query } as ScreenQuery;
  const { sql, params } = compileDatasetQuery({
    dataset: indexDataset(DATASET),
    query: q,
    request: { conditions: [], startDate: null, endDate: null, sort: null, ...paging },
    groupId: 1,
    dialect: 'duckdb',
    mode: 'page',
  });
  return wh.query<Record<string, number>>(sql, params);
}

describe('extension measures', () => {
  it('countDistinctIf counts distinct values among matching rows', async () => {
    expect((await run({ measures: ['own_products'] }))[0]!.own_products).toBe(1);
  });

  it('sumIf sums a column over the matching rows of the group, 0 when none match', async () => {
    const [row] = await run({ measures: ['brand1_positions', 'brand3_positions'] });
    expect(row).toEqual({ brand1_positions: 4, brand3_positions: 0 });
  });

  it('rankWeight gives position p of the top N the weight N + 1 - p; a ratio of two is a weighted share', async () => {
    const [row] = await run({ measures: ['weight', 'own_weight', 'weighted_share'] });
    expect(row).toMatchObject({ weight: 10, own_weight: 6, weighted_share: 60 });
  });

  it('shareOfTotal divides by the total over all grouped rows, also on a later page', async () => {
    const q = {
      groupBy: ['brand_id'],
      measures: ['slot_share'],
      paged: true,
      sort: [{ field: 'brand_id', order: 'asc' as const }],
    };
    expect((await run(q)).map((r) => r.slot_share)).toEqual([50, 50]);
    expect((await run(q, { limit: 1, offset: 1 })).map((r) => r.slot_share)).toEqual([50]);
    expect((await run({ measures: ['slot_share'] }))[0]!.slot_share).toBe(100);
  });
});
