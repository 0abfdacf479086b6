import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { parseSuggestionRequest } from './suggestionRequest.js';
import { stockContexts } from './testing/stockContext.js';

/** The parameters of `suggestion/{source}` (what suggestions.test.ts runs against both engines). */
const kpi = stockContexts().ctx('kpi', 'stats');
const parse = (source: string, query: Record<string, unknown>) =>
  parseSuggestionRequest(kpi.screen, kpi.dataset, source, query);

describe('parseSuggestionRequest', () => {
  it('defaults: no prefix, the first 10 options, no dates, no sibling, no keys', () => {
    const req = parse('brand', {});
    expect('source' in req.filter && req.filter.source).toBe('brand');
    expect({ ...req, filter: undefined }).toEqual({
      filter: undefined,
      prefix: '',
      offset: 0,
      size: 10,
      startDate: null,
      endDate: null,
      conditions: [],
      keys: null,
    });
  });

  it('trims the prefix and refuses one over 100 characters', () => {
    expect(parse('brand', { prefix: '  nive ' }).prefix).toBe('nive');
    expect(parse('brand', { prefix: 'x'.repeat(100) }).prefix).toHaveLength(100);
    expect(() => parse('brand', { prefix: 'x'.repeat(101) })).toThrow(
      new BadRequestError('prefix is too long (at most 100 characters)'),
    );
  });

  it('takes the dates and the page, and refuses bad ones by name', () => {
    const req = parse('brand', {
      start_date: '2026-11-01',
      end_date: '2026-11-07',
      offset: '20',
      staticSize: '100',
    });
    expect([req.startDate, req.endDate, req.offset, req.size]).toEqual(['2026-11-01', '2026-11-07', 20, 100]);
    expect(() => parse('brand', { start_date: '2026-13-01' })).toThrow(/start_date/);
    expect(() => parse('brand', { end_date: 'soon' })).toThrow(/end_date/);
    expect(() => parse('brand', { staticSize: '101' })).toThrow(/staticSize/);
    expect(() => parse('brand', { offset: '-1' })).toThrow(/offset/);
  });

  it('keeps the selections of the siblings the filter depends on, and no empty one', () => {
    expect(parse('city', { channel_id: '4,1', brand_id: '101' }).conditions).toEqual([
      { dimension: 'channel_id', op: 'in', values: [4, 1] },
    ]);
    expect(parse('city', { channel_id: '' }).conditions).toEqual([]);
    expect(() => parse('city', { channel_id: 'Amazon' })).toThrow(BadRequestError);
  });

  it("keys: only those options' names, whatever the dates, siblings and prefix", () => {
    expect(
      parse('brand', {
        keys: '100,101',
        prefix: 'zz',
        start_date: '2026-11-01',
        offset: '5',
        channel_id: '1',
      }),
    ).toMatchObject({
      keys: [100, 101],
      size: 2,
      prefix: '',
      offset: 0,
      startDate: null,
      endDate: null,
      conditions: [],
    });
    expect(() => parse('brand', { keys: '' })).toThrow(new BadRequestError('keys needs at least one value'));
  });

  it('answers 404, naming the source and the screen, for a source the screen does not declare', () => {
    expect(() => parse('keyword', {})).toThrow(NotFoundError);
    expect(() => parse('keyword', {})).toThrow(`${kpi.screen.area}/${kpi.screen.id}`);
  });
});
