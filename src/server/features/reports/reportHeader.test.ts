import { describe, expect, it } from 'vitest';
import { cellValueOf, numberFormatOf } from './cellFormats.js';
import { reportHeaderLines } from './reportHeader.js';

describe('report header block', () => {
  it('names the screen, the filters (not paging) and the date range', () => {
    const lines = reportHeaderLines({
      screen: 'Stock Data',
      filters: {
        start_date: '2026-11-01',
        end_date: '2026-11-07',
        channel_id: '1,4',
        limit: '10',
        city_id: '',
      },
      generatedAt: new Date('2026-11-23T10:00:00Z'),
    });
    expect(lines).toEqual([
      ['Screen', 'Stock Data'],
      ['Filters', 'channel_id: 1,4'],
      ['Date range', '2026-11-01 to 2026-11-07'],
      ['Generated', '2026-11-23 10:00:00 UTC'],
    ]);
  });

  it('says so when there is no filter or date', () => {
    const lines = reportHeaderLines({ screen: 'S', filters: {}, generatedAt: new Date(0) });
    expect(lines[1]).toEqual(['Filters', 'none']);
    expect(lines[2]).toEqual(['Date range', 'all dates']);
  });
});

describe('cell formats', () => {
  it('keeps percent cells as percent: 58.93 becomes 0.5893 under 0.0%', () => {
    expect(numberFormatOf('percent')).toBe('0.0%');
    expect(cellValueOf('percent', 58.93)).toBeCloseTo(0.5893);
    expect(cellValueOf('integer', 58)).toBe(58);
    expect(cellValueOf('percent', null)).toBeNull();
    expect(numberFormatOf('text')).toBeUndefined();
  });
});
