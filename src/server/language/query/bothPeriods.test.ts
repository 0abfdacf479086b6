import { describe, expect, it } from 'vitest';
import { lastYearOf, previousPeriodOf } from '../../../shared/insights/previousPeriod.js';
import { TEST_WAREHOUSES } from '../../platform/warehouse/testing/testWarehouses.js';
import { screenCompileInput } from './compileDatasetQuery.js';
import { bothPeriodsRows, compileBothPeriods, keyedPeriods, oneScanAnswers } from './bothPeriods.js';
import type { MeasureNode } from '../../../shared/config.gen.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { parseDataRequest, type QueryContext } from './dataRequest.js';
import { runScreenQuery } from './runScreenQuery.js';
import { stockContexts } from './testing/stockContext.js';
import { stockWarehouse } from './testing/stockWarehouse.js';

const { ctx } = stockContexts();
const kpi = ctx('kpi', 'stats');
/** The stock KPI's measures that aggregate their group's rows: counts, distinct counts, ratios. */
const PER_GROUP = ['availability_pct', 'in_stock', 'out_of_stock', 'delisted', 'listing_pct', 'observations'];
const tiles: QueryContext = { ...kpi, query: { ...kpi.query, measures: PER_GROUP } };

const requestOf = (c: QueryContext, params: Record<string, string>) => parseDataRequest(c, params);

describe('one scan for both periods', () => {
  const week = requestOf(tiles, { start_date: '2026-01-03', end_date: '2026-01-03' });
  const before = previousPeriodOf('2026-01-03', '2026-01-03');

  it('answers per-group measures over a period and the one just before', () => {
    expect(oneScanAnswers(tiles.dataset, tiles.query, week, before)).toBe(true);
    // Keyed: a caller reading every row of each period (an explanation's members).
    const byChannel = { ...tiles.query, groupBy: ['channel_id'] };
    expect(oneScanAnswers(tiles.dataset, byChannel, week, before, { keyed: true })).toBe(true);
  });

  it('leaves to two statements what depends on the period beyond its rows', () => {
    const withKind = (id: string) => ({ ...tiles.query, measures: [...PER_GROUP, id] });
    // Lost sales joins a relation over the days read; a day share has a plan of its own.
    expect(oneScanAnswers(tiles.dataset, withKind('lost_sales'), week, before)).toBe(false);
    expect(oneScanAnswers(tiles.dataset, withKind('days_in_stock_pct'), week, before)).toBe(false);
    // Last year does not touch the period: one scan would read the year between.
    expect(oneScanAnswers(tiles.dataset, tiles.query, week, lastYearOf('2026-01-03', '2026-01-03'))).toBe(
      false,
    );
    // "Out of stock" filters listings at the period's last crawl: a date of its own per period.
    const atLastCrawl = {
      ...week,
      conditions: [{ dimension: 'stock_status', op: 'in' as const, values: [0] }],
    };
    expect(oneScanAnswers(tiles.dataset, tiles.query, atLastCrawl, before)).toBe(false);
    // A query comparing periods itself, or with keys (grids, charts), is no one-row KPI.
    const compare = { ...tiles.query, compare: { measures: ['availability_pct'], over: ['product_id'] } };
    expect(oneScanAnswers(tiles.dataset, compare, week, before)).toBe(false);
    expect(oneScanAnswers(tiles.dataset, { ...tiles.query, groupBy: ['channel_id'] }, week, before)).toBe(
      false,
    );
    // A LIMIT over the keys would cut across both periods.
    const top = { ...tiles.query, groupBy: ['channel_id'], limit: 1 };
    expect(oneScanAnswers(tiles.dataset, top, week, before, { keyed: true })).toBe(false);
    const allTime = requestOf(tiles, { start_date: '-1', end_date: '-1' });
    expect(oneScanAnswers(tiles.dataset, tiles.query, allTime, before)).toBe(false);
  });
});

describe('which measure kinds one scan answers', () => {
  const week = requestOf(tiles, { start_date: '2026-01-03', end_date: '2026-01-03' });
  const before = previousPeriodOf('2026-01-03', '2026-01-03');
  /** The stock dataset with `extra` measures, and whether a query of `id` alone takes one scan. */
  const oneScan = (id: string, ...extra: object[]) => {
    const ds: DatasetIndex = {
      ...tiles.dataset,
      measures: new Map([
        ...tiles.dataset.measures,
        ...extra.map((m) => [(m as MeasureNode).id, m as MeasureNode] as const),
      ]),
    };
    return oneScanAnswers(ds, { ...tiles.query, measures: [id] }, week, before);
  };

  /** Written out here, not imported: a kind dropped from the plan's list must fail a test. */
  const ONE_SCAN = 'count countIf sum avg min max countDistinct countDistinctIf sumIf rankWeight'.split(' ');

  it.each(ONE_SCAN)('%s: an aggregate of its own rows', (kind) => {
    expect(oneScan('m', { kind, id: 'm' })).toBe(true);
  });

  it.each(['lostSales', 'shareOfTotal', 'entityDayShare'])('%s: not', (kind) => {
    expect(oneScan('m', { kind, id: 'm', of: 'in_stock' })).toBe(false);
  });

  it('a ratio as its two sides, down to eight levels; not over common days', () => {
    const ratio = (id: string, numerator: string, denominator = 'observations', more = {}) => ({
      kind: 'ratio',
      id,
      numerator,
      denominator,
      ...more,
    });
    expect(oneScan('r', ratio('r', 'in_stock'))).toBe(true);
    expect(oneScan('r', ratio('r', 'in_stock', 'observations', { commonDays: true }))).toBe(false);
    expect(oneScan('r', ratio('r', 'lost_sales'))).toBe(false);
    expect(oneScan('r', ratio('r', 'in_stock', 'lost_sales'))).toBe(false);
    const chain = Array.from({ length: 10 }, (_, i) => ratio(`r${i}`, i === 0 ? 'in_stock' : `r${i - 1}`));
    expect(oneScan('r7', ...chain)).toBe(true);
    expect(oneScan('r8', ...chain)).toBe(false);
  });

  it('the period before must be exactly the one just before', () => {
    expect(oneScanAnswers(tiles.dataset, tiles.query, week, { ...before, end: '2026-01-01' })).toBe(false);
    expect(oneScanAnswers(tiles.dataset, tiles.query, week, { ...before, start: '2026-01-01' })).toBe(false);
    const open = requestOf(tiles, { start_date: '2026-01-03' });
    expect(oneScanAnswers(tiles.dataset, tiles.query, open, before)).toBe(false);
    const paged = { ...tiles.query, paged: true };
    expect(oneScanAnswers(tiles.dataset, paged, week, before)).toBe(false);
    // A filter that is not at the last crawl keeps one scan.
    const byChannel = { ...week, conditions: [{ dimension: 'channel_id', op: 'in' as const, values: [4] }] };
    expect(oneScanAnswers(tiles.dataset, tiles.query, byChannel, before)).toBe(true);
  });
});

describe('a both-periods answer as its periods', () => {
  const rows = [
    { __period: 1, channel_id: 4, n: 1 },
    { __period: '0', channel_id: 4, n: 2 },
    { __period: 0n, channel_id: 5, n: 3 },
  ];

  it('keyed: every row of each period, in order, without the key', () => {
    expect(keyedPeriods(rows)).toEqual({
      current: [
        { channel_id: 4, n: 2 },
        { channel_id: 5, n: 3 },
      ],
      previous: [{ channel_id: 4, n: 1 }],
    });
  });

  it('a KPI: one row a period from the statement, its own call only for a period without one', async () => {
    const called: string[] = [];
    const call = (name: string) => () => {
      called.push(name);
      return Promise.resolve({ rows: [{ n: name }], total: 1 });
    };
    const statement = (r: Record<string, unknown>[]) => () => Promise.resolve({ rows: r, total: r.length });
    expect(await bothPeriodsRows(statement(rows), call('current'), call('previous'))).toEqual({
      current: { rows: [{ channel_id: 4, n: 2 }], total: 1 },
      previous: { rows: [{ channel_id: 4, n: 1 }], total: 1 },
    });
    expect(called).toEqual([]);
    const onlyCurrent = await bothPeriodsRows(statement([rows[1]!]), call('current'), call('previous'));
    expect(onlyCurrent.previous).toEqual({ rows: [{ n: 'previous' }], total: 1 });
    expect(onlyCurrent.current.rows).toEqual([{ channel_id: 4, n: 2 }]);
    const none = await bothPeriodsRows(statement([]), call('current'), call('previous'));
    expect(none.current.rows).toEqual([{ n: 'current' }]);
    expect(called).toEqual(['previous', 'current', 'previous']);
  });
});

describe.each(TEST_WAREHOUSES)('both periods in one statement on %s', (_name, open) => {
  const stock = stockWarehouse(open);

  /** Each period's row from the one statement, the statement's own rows, and each period run alone. */
  async function compare(params: Record<string, string>, groupId = 1) {
    const request = requestOf(tiles, params);
    const period = previousPeriodOf(request.startDate!, request.endDate!);
    const both = compileBothPeriods(screenCompileInput(stock.wh, tiles, request, groupId, 'page'), period)!;
    const alone = (start: string, end: string) =>
      runScreenQuery(stock.wh, tiles, { ...request, startDate: start, endDate: end }, groupId);
    const statement = await stock.wh.query<Record<string, unknown>>(both.sql, both.params);
    const answer = await bothPeriodsRows(
      () => Promise.resolve({ rows: statement, total: statement.length }),
      () => alone(request.startDate!, request.endDate!),
      () => alone(period.start, period.end),
    );
    return {
      answer,
      statement,
      current: await alone(request.startDate!, request.endDate!),
      previous: await alone(period.start, period.end),
    };
  }

  it('gives each period what the same query over that period alone gives', async () => {
    const { answer, statement, current, previous } = await compare({
      start_date: '2026-01-03',
      end_date: '2026-01-03',
    });
    expect(statement).toHaveLength(2);
    expect(answer.current).toEqual(current);
    expect(answer.previous).toEqual(previous);
    // Day 2 and day 3 differ (in stock 1 of 3 listed, then 2 of 2): a swap would show.
    expect(current.rows[0]!.in_stock).toBe(2);
    expect(previous.rows[0]!.in_stock).toBe(1);
  });

  it('over longer periods, with a filter, and for another group', async () => {
    for (const [params, groupId] of [
      [{ start_date: '2026-01-02', end_date: '2026-01-03' }, 1],
      [{ start_date: '2026-01-02', end_date: '2026-01-02', channel_id: '4' }, 1],
      [{ start_date: '2026-01-03', end_date: '2026-01-03' }, 2],
    ] as const) {
      const { answer, statement, current, previous } = await compare(params, groupId);
      expect(statement, JSON.stringify(params)).toHaveLength(2);
      expect(answer.current, JSON.stringify(params)).toEqual(current);
      expect(answer.previous, JSON.stringify(params)).toEqual(previous);
    }
  });

  it('a period without rows is answered by its own query: a count over none is 0, a ratio NULL', async () => {
    const { answer, statement, previous } = await compare({
      start_date: '2026-01-01',
      end_date: '2026-01-01',
    });
    expect(statement).toHaveLength(1);
    expect(answer.previous).toEqual(previous);
    expect(previous.rows[0]).toMatchObject({ in_stock: 0, observations: 0, availability_pct: null });
  });
});
