import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../shared/errors.js';
import { parseDataRequest } from './dataRequest.js';
import { compileDatasetQuery } from './compileDatasetQuery.js';
import { stockContexts } from './testing/stockContext.js';

const { ctx } = stockContexts();
const rows = ctx('data', 'rows');
const parse = (params: Record<string, unknown>) => parseDataRequest(rows, params);
const refused = (params: Record<string, unknown>, message: string) => {
  expect(() => parse(params)).toThrow(BadRequestError);
  expect(() => parse(params)).toThrow(message);
};

/** The rows query with selection limits on its channel filter. */
const withChannelLimits = (limits: { maxSelect?: number; minSelect?: number }) => ({
  ...rows,
  screen: {
    ...rows.screen,
    filters: (rows.screen.filters ?? []).map((f) =>
      'field' in f && f.field === 'channel_id' ? { ...f, ...limits } : f,
    ),
  },
});

describe('data request parsing', () => {
  it('parses lists, dates, paging and sort into typed values', () => {
    expect(
      parse({
        channel_id: '1,4',
        brand_id: '7',
        start_date: '2026-01-01',
        end_date: '-1',
        limit: '20',
        offset: '40',
        order_by: 'sku_name',
        order_type: 'ASC',
      }),
    ).toEqual({
      conditions: [
        { dimension: 'channel_id', op: 'in', values: [1, 4] },
        { dimension: 'brand_id', op: 'in', values: [7] },
      ],
      startDate: '2026-01-01',
      endDate: null,
      limit: 20,
      offset: 40,
      sort: { field: 'sku_name', order: 'asc' },
    });
  });

  it('defaults to the screen page size, offset 0, no sort and no dates; empty lists mean no filter', () => {
    expect(parse({ channel_id: '', screenName: 'data' })).toEqual({
      conditions: [],
      startDate: null,
      endDate: null,
      limit: 10,
      offset: 0,
      sort: null,
    });
  });

  it('refuses unknown filter and sort fields by name', () => {
    refused({ colour: 'red' }, 'Unknown filter field "colour"');
    refused({ order_by: 'price' }, 'Unknown sort field "price"');
    // A filter the screen does not declare is unknown even if the dataset has the dimension
    // (the KPI screen has no stock-status filter; the data screen does).
    expect(() => parseDataRequest(ctx('kpi', 'stats'), { stock_status: '1' })).toThrow(
      'Unknown filter field "stock_status"',
    );
  });

  it('refuses injection attempts in sort and filter fields and values', () => {
    refused(
      { order_by: 'availability_pct; DROP TABLE fact_stock' },
      'Unknown sort field "availability_pct; DROP TABLE fact_stock"',
    );
    refused({ order_by: '"availability_pct"' }, 'Unknown sort field');
    refused({ 'channel_id) OR 1=1 --': '1' }, 'Unknown filter field "channel_id) OR 1=1 --"');
    refused(
      { channel_id: '1) OR (1=1' },
      'Invalid value "1) OR (1=1" for "channel_id": expected an integer id',
    );
    refused({ order_type: 'desc; DELETE FROM fact_stock' }, 'order_type must be asc or desc');
    refused({ start_date: "2026-01-01' OR '1'='1" }, 'start_date must be a date YYYY-MM-DD or -1');
  });

  it('refuses bad dates, non-integer ids and paging out of range with clear messages', () => {
    refused({ start_date: '2026-02-30' }, 'start_date must be a date YYYY-MM-DD or -1, got "2026-02-30"');
    refused({ end_date: '01-01-2026' }, 'end_date must be a date YYYY-MM-DD or -1, got "01-01-2026"');
    refused({ start_date: '2026-02-01', end_date: '2026-01-01' }, 'start_date must not be after end_date');
    refused({ brand_id: '1.5' }, 'Invalid value "1.5" for "brand_id": expected an integer id');
    refused({ limit: '0' }, 'limit must be an integer 1-500, got "0"');
    refused({ limit: '501' }, 'limit must be an integer 1-500');
    refused({ limit: 'ten' }, 'limit must be an integer 1-500');
    refused({ offset: '-1' }, 'offset must be an integer 0-10000000');
    refused(
      { channel_id: Array.from({ length: 501 }, (_, i) => i).join(',') },
      'Too many values for "channel_id" (at most 500)',
    );
  });

  it('lets unpaged queries ignore a large limit (still a number)', () => {
    const trend = ctx('kpi', 'trend');
    expect(parseDataRequest(trend, { limit: '1000' }).limit).toBe(400);
    expect(() => parseDataRequest(trend, { limit: 'x' })).toThrow('limit must be an integer 1-100000');
  });

  it('compiles lists to one placeholder per value and dates as CAST($n AS DATE), tenant first', () => {
    const request = parse({ channel_id: '1,4', start_date: '2026-01-01', end_date: '2026-01-31' });
    for (const dialect of ['duckdb', 'postgres'] as const) {
      const { sql, params } = compileDatasetQuery({
        dataset: rows.dataset,
        query: rows.query,
        request,
        groupId: 9,
        dialect,
        mode: 'page',
      });
      expect(sql).toMatch(
        /WHERE f\."group_id" = \$(\d+) AND f\."crawl_date" >= CAST\(\$\d+ AS DATE\) AND f\."crawl_date" <= CAST\(\$\d+ AS DATE\) AND f\."channel_id" IN \(\$\d+, \$\d+\)/,
      );
      const tenant = Number(/f\."group_id" = \$(\d+)/.exec(sql)![1]);
      expect(params[tenant - 1]).toBe(9);
      expect(params).toEqual(expect.arrayContaining(['2026-01-01', '2026-01-31', 1, 4, 10, 0]));
      expect(sql).toContain('COUNT(*) OVER () AS "__total"');
    }
  });
});

describe('the filter bar rules, enforced again on the server (shared rules and messages)', () => {
  const limited = withChannelLimits({ maxSelect: 2, minSelect: 2 });
  const parseLimited = (params: Record<string, unknown>) => () => parseDataRequest(limited, params);

  it("refuses more than maxSelect with 'Can't be done (Max N selections)'", () => {
    expect(parseLimited({ channel_id: '1,4,49' })).toThrow("Can't be done (Max 2 selections)");
  });

  it("refuses fewer than minSelect with 'Can't be done (Min N selection required)'", () => {
    expect(parseLimited({ channel_id: '1' })).toThrow("Can't be done (Min 2 selection required)");
  });

  it('accepts a selection within the limits, and no selection at all (no filter)', () => {
    expect(parseLimited({ channel_id: '1,4' })().conditions).toHaveLength(1);
    expect(parseLimited({})().conditions).toHaveLength(0);
  });
});

describe('the filters a query accepts', () => {
  it('are only the ones its query lists, when it lists them', () => {
    const narrowed = { ...rows, query: { ...rows.query, filters: ['channel_id'] } };
    expect(parseDataRequest(narrowed, { channel_id: '1' }).conditions).toEqual([
      { dimension: 'channel_id', op: 'in', values: [1] },
    ]);
    expect(() => parseDataRequest(narrowed, { brand_id: '7' })).toThrow('Unknown filter field "brand_id"');
  });

  it('hold a maximum without a minimum, and a minimum without a maximum', () => {
    expect(() => parseDataRequest(withChannelLimits({ maxSelect: 1 }), { channel_id: '1,4' })).toThrow(
      "Can't be done (Max 1 selections)",
    );
    expect(
      parseDataRequest(withChannelLimits({ maxSelect: 1 }), { channel_id: '1' }).conditions,
    ).toHaveLength(1);
    expect(() => parseDataRequest(withChannelLimits({ minSelect: 2 }), { channel_id: '1' })).toThrow(
      "Can't be done (Min 2 selection required)",
    );
  });
});

describe('parameters that are no filter, and the edges of each rule', () => {
  it('skips the comparison choice and the client’s screen names', () => {
    expect(parse({ compare_to: 'last_year', screenName: 'x', paxScreenName: 'y' }).conditions).toEqual([]);
  });

  it('accepts a dimension mapped into a filter the screen has, though the screen lists no filter of its own for it', () => {
    const noZone = {
      ...rows,
      screen: {
        ...rows.screen,
        filters: (rows.screen.filters ?? []).filter((f) => !('field' in f && f.field === 'city_zone_id')),
      },
    };
    expect(parseDataRequest(noZone, { city_zone_id: '3' }).conditions).toEqual([
      { dimension: 'city_zone_id', op: 'in', values: [3] },
    ]);
    const noCity = {
      ...noZone,
      screen: {
        ...noZone.screen,
        filters: (noZone.screen.filters ?? []).filter((f) => !('field' in f && f.field === 'city_id')),
      },
    };
    expect(() => parseDataRequest(noCity, { city_zone_id: '3' })).toThrow(
      'Unknown filter field "city_zone_id"',
    );
  });

  it('refuses a value that is no text, number or list', () => {
    refused({ channel_id: { a: 1 } }, 'Invalid value for "channel_id"');
    expect(parse({ channel_id: 4 }).conditions).toEqual([{ dimension: 'channel_id', op: 'in', values: [4] }]);
  });

  it('a rank filter holds one rank of at least 1, as at most that rank', () => {
    const ranked = {
      ...rows,
      screen: {
        ...rows.screen,
        filters: [
          ...(rows.screen.filters ?? []),
          { kind: 'rankInput', field: 'stock_status', label: 'Rank' },
        ],
      },
    } as typeof rows;
    expect(parseDataRequest(ranked, { stock_status: '2' }).conditions).toEqual([
      { dimension: 'stock_status', op: 'lte', values: [2] },
    ]);
    expect(() => parseDataRequest(ranked, { stock_status: '0' })).toThrow(
      '"stock_status": Rank must be a number of at least 1',
    );
    expect(() => parseDataRequest(ranked, { stock_status: '1,2' })).toThrow(
      '"stock_status": Rank must be a number of at least 1',
    );
  });

  it('a one-day period; sort order in any case, empty meaning the default', () => {
    expect(parse({ start_date: '2026-01-01', end_date: '2026-01-01' })).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-01',
    });
    expect(parse({ order_by: 'sku_name', order_type: 'DESC' }).sort).toEqual({
      field: 'sku_name',
      order: 'desc',
    });
    expect(parse({ order_by: 'sku_name', order_type: '' }).sort).toEqual({
      field: 'sku_name',
      order: 'desc',
    });
    expect(parse({ order_by: 'sku_name' }).sort).toEqual({ field: 'sku_name', order: 'desc' });
    expect(parse({ order_by: '', order_type: 'asc' }).sort).toBeNull();
    refused({ order_by: 'sku_name', order_type: 'up' }, 'order_type must be asc or desc, got "up"');
  });

  it('paging bounds are inclusive', () => {
    expect(parse({ limit: '500', offset: '10000000' })).toMatchObject({ limit: 500, offset: 10_000_000 });
    expect(parse({ limit: '1', offset: '0' })).toMatchObject({ limit: 1, offset: 0 });
    refused({ offset: '10000001' }, 'offset must be an integer 0-10000000');
    const trend = ctx('kpi', 'trend');
    expect(parseDataRequest(trend, { limit: '100000' }).limit).toBe(400);
    expect(() => parseDataRequest(trend, { limit: '100001' })).toThrow('limit must be an integer 1-100000');
  });
});
