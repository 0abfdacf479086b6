import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../shared/errors.js';
import { COMPARE_TO_MESSAGE } from '../../../shared/insights/previousPeriod.js';
import type { DataRequest, QueryContext } from './dataRequest.js';
import type { PreparedQuery } from './preparedQueries.js';
import { compareToOf, previousCall } from './previousPeriodCall.js';
import { dataRequest } from './testing/dataRequests.js';
import { stockContexts } from './testing/stockContext.js';

const { ctx } = stockContexts();
const week = dataRequest({ startDate: '2026-01-08', endDate: '2026-01-14', conditions: [] });
const BEFORE = { start: '2026-01-01', end: '2026-01-07' };

/** A prepared call stands for the request it was prepared from, so a test can read its dates. */
const prepared = (request: DataRequest) => ({ request }) as unknown as PreparedQuery;
const both = { both: true } as unknown as PreparedQuery;
const call = (c: QueryContext, request = week, to: 'previous' | 'last_year' = 'previous', withBoth = true) =>
  previousCall(c, request, to, prepared, withBoth ? () => both : () => null);

describe('the comparison period of a data call', () => {
  it('reads compare_to: the previous period by default, last year on request, else a 400', () => {
    expect(compareToOf({})).toBe('previous');
    expect(compareToOf({ compare_to: '' })).toBe('previous');
    expect(compareToOf({ compare_to: 'previous' })).toBe('previous');
    expect(compareToOf({ compare_to: 'last_year' })).toBe('last_year');
    expect(() => compareToOf({ compare_to: 'yesterday' })).toThrow(BadRequestError);
    expect(() => compareToOf({ compare_to: 'yesterday' })).toThrow(COMPARE_TO_MESSAGE);
  });

  it('gives a KPI query the same request over the period before, and its both-periods statement', () => {
    const filtered = { ...week, conditions: [{ dimension: 'channel_id', op: 'in' as const, values: [4] }] };
    const p = call(ctx('kpi', 'stats'), filtered)!;
    expect(p.to).toBe('previous');
    expect(p.period).toEqual(BEFORE);
    // The same filters, only the dates moved: no second definition of the tiles.
    expect((p.call as unknown as { request: DataRequest }).request).toEqual({
      ...filtered,
      startDate: BEFORE.start,
      endDate: BEFORE.end,
    });
    expect(p.both).toBe(both);
    expect(p.join).toBeUndefined();
    // Without a both-periods statement the call alone answers.
    expect(call(ctx('kpi', 'stats'), week, 'previous', false)).not.toHaveProperty('both');
    expect(previousCall(ctx('kpi', 'stats'), week, 'previous', prepared)).not.toHaveProperty('both');
  });

  it('moves the dates a year back for last year', () => {
    expect(call(ctx('kpi', 'stats'), week, 'last_year')!.period).toEqual({
      start: '2025-01-08',
      end: '2025-01-14',
    });
  });

  it("joins a chart's overlay on its date shifted to the current period, and a grid's change columns on its keys", () => {
    const trend = call(ctx('kpi', 'trend'))!;
    expect(trend.join).toEqual({
      keys: ['crawl_date'],
      measures: ['availability_pct', 'in_stock', 'out_of_stock', 'delisted'],
      shift: { to: 'previous', period: BEFORE, currentStart: '2026-01-08' },
    });
    expect(trend).not.toHaveProperty('both');
    // The brands grid shows a change column for availability only, on its (paged) rows.
    expect(call(ctx('kpi', 'brands'))!.join).toEqual({ keys: ['brand_id'], measures: ['availability_pct'] });
  });

  it('overlays a chart only along a date: a chart keyed by channel has no previous points to join', () => {
    const trend = ctx('kpi', 'trend');
    const byChannel = { ...trend, query: { ...trend.query, groupBy: ['channel_id'] } } as QueryContext;
    expect(call(trend)!.join).toBeDefined();
    expect(call(byChannel)).toBeNull();
  });

  it('is not made where nothing shows a comparison, or the request has no date range', () => {
    expect(call(ctx('kpi', 'cities'))).toBeNull();
    expect(call(ctx('data', 'rows'))).toBeNull();
    expect(call(ctx('kpi', 'stats'), { ...week, startDate: null })).toBeNull();
    expect(call(ctx('kpi', 'stats'), { ...week, endDate: null })).toBeNull();
    const stats = ctx('kpi', 'stats');
    const off = { ...stats, screen: { ...stats.screen, previousPeriod: false } } as QueryContext;
    expect(call(off)).toBeNull();
  });
});
