import { describe, expect, it } from 'vitest';
import type { DatasetConfig } from '../../../shared/config.gen.js';
import { indexDataset } from '../model/datasetIndex.js';
import type { DataRequest } from './dataRequest.js';
import { dateKeys, joinPrevious, narrowedToMembers } from './previousJoin.js';

const ds = indexDataset({
  id: 'd',
  table: 'fact_stock',
  dateColumn: 'crawl_date',
  dimensions: [
    { kind: 'column', id: 'brand_id', column: 'brand_id', type: 'integer', label: 'Brand' },
    { kind: 'column', id: 'crawl_date', column: 'crawl_date', type: 'date', label: 'Date' },
    { kind: 'column', id: 'city_name', column: 'city_name', type: 'string', label: 'City' },
    {
      kind: 'column',
      id: 'stock_status',
      column: 'stock_status',
      type: 'integer',
      label: 'Status',
      filterAtLastCrawlOf: ['product_id', 'channel_id', 'city_id'],
    },
  ],
  measures: [
    { kind: 'count', id: 'rows', label: 'Rows' },
    { kind: 'shareOfTotal', id: 'share', label: 'Share', of: 'rows' },
  ],
} as unknown as DatasetConfig);

const request: DataRequest = {
  conditions: [{ dimension: 'brand_id', op: 'in', values: [1, 2, 3] }],
  startDate: '2026-11-01',
  endDate: '2026-11-07',
  limit: 10,
  offset: 0,
  sort: null,
};

describe('joinPrevious', () => {
  it('gives each member its previous value, and an empty one (never 0) to a member new this period', () => {
    const rows = joinPrevious(
      [
        { brand_id: 1, rows: 5 },
        { brand_id: 2, rows: 7 },
      ],
      [
        { brand_id: 2, rows: 4 },
        { brand_id: 9, rows: 1 },
      ],
      { keys: ['brand_id'], measures: ['rows'] },
      [],
    );
    expect(rows).toEqual([
      { brand_id: 1, rows: 5, rows__previous: null },
      { brand_id: 2, rows: 7, rows__previous: 4 },
    ]);
  });

  it('moves previous dates onto the current ones and keeps a date only the previous period has', () => {
    const shift = {
      to: 'previous' as const,
      period: { start: '2026-10-25' },
      currentStart: '2026-11-01',
    };
    const rows = joinPrevious(
      [{ crawl_date: '2026-11-01', rows: 5 }],
      [
        { crawl_date: '2026-10-25', rows: 3 },
        { crawl_date: '2026-10-26', rows: 2 },
      ],
      { keys: ['crawl_date'], measures: ['rows'], shift },
      ['crawl_date'],
    );
    expect(rows).toEqual([
      { crawl_date: '2026-11-01', rows: 5, rows__previous: 3 },
      { crawl_date: '2026-11-02', rows: null, rows__previous: 2 },
    ]);
  });

  it('leaves a previous row without a date where it is when shifting', () => {
    const shift = { to: 'previous' as const, period: { start: '2026-10-25' }, currentStart: '2026-11-01' };
    const rows = joinPrevious(
      [{ crawl_date: null, rows: 5 }],
      [{ crawl_date: null, rows: 3 }],
      { keys: ['crawl_date'], measures: ['rows'], shift },
      ['crawl_date'],
    );
    expect(rows).toEqual([{ crawl_date: null, rows: 5, rows__previous: 3 }]);
  });
});

describe('dateKeys', () => {
  it('names the group keys that are date columns', () => {
    expect(dateKeys(ds, ['brand_id', 'crawl_date', 'no_such_key'])).toEqual(['crawl_date']);
  });
});

describe('narrowedToMembers', () => {
  it("reads only the page's members, in place of the request's own condition on the key", () => {
    const narrowed = narrowedToMembers(
      ds,
      request,
      ['brand_id'],
      ['rows'],
      [{ brand_id: 2 }, { brand_id: 3 }],
    );
    expect(narrowed?.conditions).toEqual([{ dimension: 'brand_id', op: 'in', values: [2, 3] }]);
  });

  it('reads the whole period for a share of the rows’ total (narrowing would change the total)', () => {
    expect(narrowedToMembers(ds, request, ['brand_id'], ['share'], [{ brand_id: 2 }])).toBeNull();
  });

  it("keeps the request's other conditions, and each key's page values once, null left out", () => {
    const withCity: DataRequest = {
      ...request,
      conditions: [...request.conditions, { dimension: 'city_name', op: 'in', values: ['Delhi', 'Pune'] }],
    };
    const rows = [
      { brand_id: 2, city_name: 'Pune' },
      { brand_id: 2, city_name: null },
      { brand_id: 3, city_name: 'Pune' },
    ];
    expect(narrowedToMembers(ds, withCity, ['brand_id'], ['rows'], rows)?.conditions).toEqual([
      { dimension: 'city_name', op: 'in', values: ['Delhi', 'Pune'] },
      { dimension: 'brand_id', op: 'in', values: [2, 3] },
    ]);
    expect(narrowedToMembers(ds, withCity, ['brand_id', 'city_name'], ['rows'], rows)?.conditions).toEqual([
      { dimension: 'brand_id', op: 'in', values: [2, 3] },
      { dimension: 'city_name', op: 'in', values: ['Pune'] },
    ]);
  });

  it('reads the whole period when a key has no value on the page, is no column, or is filtered at the last crawl', () => {
    expect(narrowedToMembers(ds, request, ['city_name'], ['rows'], [{ city_name: null }])).toBeNull();
    expect(narrowedToMembers(ds, request, ['no_such_key'], ['rows'], [{ no_such_key: 1 }])).toBeNull();
    expect(narrowedToMembers(ds, request, ['stock_status'], ['rows'], [{ stock_status: 1 }])).toBeNull();
  });
});
