import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../shared/errors.js';
import { DRILL_PAGE, parseDrillRequest } from './drillRequest.js';
import { stockContexts } from './testing/stockContext.js';

const { ctx } = stockContexts();
const stats = ctx('kpi', 'stats');
const trend = ctx('kpi', 'trend');
const cities = ctx('kpi', 'cities');
const week = { start_date: '2026-01-01', end_date: '2026-01-07' };

const refused = (c: typeof stats, params: Record<string, unknown>, message: string) => {
  expect(() => parseDrillRequest(c, params)).toThrow(BadRequestError);
  expect(() => parseDrillRequest(c, params)).toThrow(message);
};

describe('drill request parsing', () => {
  it("keeps the screen's filters and dates, with the measure's condition and a first page by default", () => {
    const r = parseDrillRequest(stats, { ...week, channel_id: '1,4' });
    expect(r.condition).toBe(true);
    expect(r.points).toEqual([]);
    expect(r.sort).toBeNull();
    expect(r.data).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-07',
      conditions: [{ dimension: 'channel_id', op: 'in', values: [1, 4] }],
      limit: DRILL_PAGE,
      offset: 0,
      sort: null,
    });
  });

  it('adds a chart point as a condition of the dimension its query groups by', () => {
    const r = parseDrillRequest(trend, { ...week, 'point.crawl_date': '2026-01-03' });
    const point = { dimension: 'crawl_date', op: 'in', values: ['2026-01-03'] };
    expect(r.points).toEqual([point]);
    expect(r.data.conditions).toEqual([point]);
  });

  it("replaces the filter's own selection of the pointed dimension, and keeps the others", () => {
    const r = parseDrillRequest(cities, { ...week, city_id: '1,2,3', channel_id: '4', 'point.city_id': '2' });
    expect(r.data.conditions).toEqual([
      { dimension: 'channel_id', op: 'in', values: [4] },
      { dimension: 'city_id', op: 'in', values: [2] },
    ]);
  });

  it('replaces a selection mapped onto the pointed dimension too: a zone filter gives way to a city point', () => {
    const r = parseDrillRequest(cities, { ...week, city_zone_id: '1', 'point.city_id': '11' });
    expect(r.data.conditions).toEqual([{ dimension: 'city_id', op: 'in', values: [11] }]);
    // Without the point the zone stays a filter of its own.
    expect(parseDrillRequest(cities, { ...week, city_zone_id: '1' }).data.conditions).toEqual([
      { dimension: 'city_zone_id', op: 'in', values: [1] },
    ]);
  });

  it('refuses a point its query does not group by, or one with more than one value', () => {
    refused(stats, { 'point.channel_id': '1' }, '"channel_id" is not a point of query "stats" (it has none)');
    refused(trend, { 'point.city_id': '1' }, '"city_id" is not a point of query "trend" (crawl_date)');
    refused(cities, { 'point.nothing': '1' }, '"nothing" is not a point of query "cities" (city_id)');
    refused(cities, { 'point.city_id': '1,2' }, '"point.city_id" takes one value');
  });

  it('turns the condition off with condition=off and refuses anything but on or off', () => {
    expect(parseDrillRequest(stats, { condition: 'off' }).condition).toBe(false);
    expect(parseDrillRequest(stats, { condition: 'on' }).condition).toBe(true);
    refused(stats, { condition: 'yes' }, 'condition must be on or off');
  });

  it('pages and sorts within bounds: descending unless asked ascending', () => {
    const r = parseDrillRequest(stats, {
      limit: '500',
      offset: '100',
      order_by: 'out_of_stock',
      order_type: 'ASC',
    });
    expect(r.data).toMatchObject({ limit: 500, offset: 100 });
    expect(r.sort).toEqual({ field: 'out_of_stock', order: 'asc' });
    expect(r.data.sort).toEqual(r.sort);
    expect(parseDrillRequest(stats, { order_by: 'out_of_stock' }).sort).toEqual({
      field: 'out_of_stock',
      order: 'desc',
    });
    expect(parseDrillRequest(stats, { order_by: 'out_of_stock', order_type: '' }).sort?.order).toBe('desc');
    expect(parseDrillRequest(stats, { order_type: 'asc' }).sort).toBeNull();
    refused(stats, { limit: '0' }, 'limit must be an integer 1-500, got "0"');
    refused(stats, { limit: '501' }, 'limit must be an integer 1-500, got "501"');
    refused(stats, { offset: '-1' }, 'offset must be an integer 0-10000000, got "-1"');
    refused(
      stats,
      { order_by: 'x', order_type: 'sideways' },
      'order_type must be asc or desc, got "sideways"',
    );
  });
});
