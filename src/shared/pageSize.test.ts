import { describe, expect, it } from 'vitest';
import type { ScreenConfig } from './config.gen.js';
import { DEFAULT_PAGE_SIZE, pageSizeOf } from './pageSize.js';

const screen = (
  extra: Partial<ScreenConfig>,
  grid: object = {},
): Pick<ScreenConfig, 'pageSize' | 'widgets' | 'queries'> => ({
  queries: [
    { kind: 'query', id: 'rows', endpoint: 'x/rows', measures: ['m'], paged: true },
    { kind: 'query', id: 'top', endpoint: 'x/top', measures: ['m'], limit: 30 },
  ],
  widgets: [{ kind: 'grid', id: 'g', query: 'rows', columns: [], ...grid }],
  ...extra,
});

describe('the page-size rule', () => {
  it('grid pageSize, then query limit, then screen pageSize, then 10', () => {
    expect(pageSizeOf(screen({}), 'rows')).toBe(DEFAULT_PAGE_SIZE);
    expect(pageSizeOf(screen({ pageSize: 20 }), 'rows')).toBe(20);
    expect(pageSizeOf(screen({ pageSize: 20 }), 'top')).toBe(30);
    expect(pageSizeOf(screen({ pageSize: 20 }, { pageSize: 5 }), 'rows')).toBe(5);
  });

  it("without a query id: the first grid's query, as the client starts its filter state", () => {
    expect(pageSizeOf(screen({ pageSize: 20 }, { pageSize: 5 }))).toBe(5);
    expect(pageSizeOf(screen({ pageSize: 20 }, { query: 'top' }))).toBe(30);
    expect(pageSizeOf({ widgets: [], pageSize: 7 })).toBe(7);
  });
});

describe('the page-size rule picks the grid of the query', () => {
  it('other widgets and other grids do not count', () => {
    const s: Pick<ScreenConfig, 'pageSize' | 'widgets' | 'queries'> = {
      queries: [
        { kind: 'query', id: 'a', endpoint: 'x/a', measures: ['m'] },
        { kind: 'query', id: 'b', endpoint: 'x/b', measures: ['m'] },
      ],
      widgets: [
        { kind: 'chart', id: 'c', query: 'a', pageSize: 3 } as unknown as ScreenConfig['widgets'][number],
        { kind: 'grid', id: 'ga', query: 'a', columns: [], pageSize: 15 },
        { kind: 'grid', id: 'gb', query: 'b', columns: [], pageSize: 25 },
      ],
    };
    expect(pageSizeOf(s)).toBe(15);
    expect(pageSizeOf(s, 'a')).toBe(15);
    expect(pageSizeOf(s, 'b')).toBe(25);
    expect(pageSizeOf(s, 'none')).toBe(10);
  });
});
