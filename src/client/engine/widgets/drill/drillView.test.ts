import { describe, expect, it } from 'vitest';
import { drillSummary, pointParams, shownColumns } from './drillView.js';

describe('drillView', () => {
  it('says when the rows group what the tile counts, and how they make it', () => {
    const d = {
      total: 1149,
      rowNoun: 'listings',
      factNoun: 'observations (listing × day)',
      combine: 'sum',
    } as const;
    expect(drillSummary(d)).toBe(
      '1,149 listings. The tile counts observations (listing × day): each row shows its own, and the column adds up to the tile.',
    );
    expect(drillSummary({ ...d, factNoun: 'listings' })).toBe('1,149 listings.');
    expect(drillSummary({ ...d, combine: 'ratio' })).toContain('the totals of the two columns make the tile');
  });

  it('shows a key by its label column', () => {
    expect(
      shownColumns([
        { id: 'channel_id', label: 'Channel' },
        { id: 'channel_name', label: 'Channel' },
        { id: 'asin', label: 'ASIN' },
      ]),
    ).toEqual([
      { id: 'channel_name', label: 'Channel', idOf: 'channel_id' },
      { id: 'asin', label: 'ASIN' },
    ]);
  });

  it("reads a chart point's keys, dates from Vega's epoch milliseconds", () => {
    const day = Date.UTC(2026, 10, 2);
    expect(pointParams({ crawl_date: day, x: 1 }, ['crawl_date'], ['crawl_date'])).toEqual({
      'point.crawl_date': '2026-11-02',
    });
    expect(pointParams({ crawl_date: new Date(day) }, ['crawl_date'], ['crawl_date'])).toEqual({
      'point.crawl_date': '2026-11-02',
    });
    expect(pointParams({ brand_id: 7 }, ['brand_id'], [])).toEqual({ 'point.brand_id': '7' });
    expect(pointParams({}, ['brand_id'], [])).toBeNull();
    expect(pointParams({ a: 1 }, [], [])).toBeNull();
  });
});
