import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../shared/errors.js';
import {
  isIsoDate,
  MAX_LIST_VALUES,
  parseDateBound,
  parseIntParam,
  parseList,
  parseValue,
  quoteInput,
  rawText,
} from './requestValues.js';

const refused = (fn: () => unknown, message: string) => expect(fn).toThrow(new BadRequestError(message));

describe('request values', () => {
  it('quotes input as JSON, cut after 40 characters', () => {
    expect(quoteInput('a"b')).toBe('"a\\"b"');
    expect(quoteInput('x'.repeat(40))).toBe(`"${'x'.repeat(40)}"`);
    expect(quoteInput('x'.repeat(41))).toBe(`"${'x'.repeat(40)}…"`);
  });

  it('reads a query value as text: repeated parameters joined, numbers and booleans spelled, others none', () => {
    expect(rawText(undefined)).toBeUndefined();
    expect(rawText(null)).toBeUndefined();
    expect(rawText('a,b')).toBe('a,b');
    expect(rawText(['a', 'b', null, 3])).toBe('a,b,,3');
    expect(rawText(42)).toBe('42');
    expect(rawText(false)).toBe('false');
    expect(rawText(true)).toBe('true');
    expect(rawText({ a: 1 })).toBeUndefined();
    expect(rawText([{ a: 1 }])).toBe('');
  });

  it('knows a calendar date: the whole text, and a day that exists', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-00-10',
      '2026-01-00',
      'x2026-01-01',
      '2026-01-011',
      '2026-1-01',
    ])
      expect(isIsoDate(bad), bad).toBe(false);
  });

  it('parses a comma list per type, trimmed, empty items dropped, at most MAX_LIST_VALUES', () => {
    expect(parseList('product_id', ' 1, 2,,-3 ', 'integer')).toEqual([1, 2, -3]);
    expect(parseList('brand', 'Dove , Nivea', 'string')).toEqual(['Dove', 'Nivea']);
    expect(parseList('d', '2026-01-01', 'date')).toEqual(['2026-01-01']);
    expect(parseList('flag', 'true,0,FALSE,1', 'boolean')).toEqual([true, false, false, true]);
    expect(
      parseList('brand', Array.from({ length: MAX_LIST_VALUES }, (_, i) => `b${i}`).join(','), 'string'),
    ).toHaveLength(MAX_LIST_VALUES);
    refused(
      () =>
        parseList(
          'brand',
          Array.from({ length: MAX_LIST_VALUES + 1 }, (_, i) => `b${i}`).join(','),
          'string',
        ),
      `Too many values for "brand" (at most ${MAX_LIST_VALUES})`,
    );
  });

  it('refuses a value of the wrong type with a message naming the field and the value', () => {
    refused(
      () => parseValue('product_id', '1.5', 'integer'),
      'Invalid value "1.5" for "product_id": expected an integer id',
    );
    refused(
      () => parseValue('d', '2026-02-30', 'date'),
      'Invalid value "2026-02-30" for "d": expected a date YYYY-MM-DD',
    );
    for (const bad of ['yes', 'true1', '01', 'xfalse'])
      refused(
        () => parseValue('flag', bad, 'boolean'),
        `Invalid value ${JSON.stringify(bad)} for "flag": expected true or false`,
      );
    expect(parseValue('brand', 'x'.repeat(200), 'string')).toBe('x'.repeat(200));
    refused(
      () => parseValue('brand', 'x'.repeat(201), 'string'),
      'Value for "brand" is too long (at most 200 characters)',
    );
  });

  it('parses an integer parameter within its bounds; none when absent', () => {
    expect(parseIntParam('limit', undefined, 1, 500)).toBeUndefined();
    expect(parseIntParam('limit', '', 1, 500)).toBeUndefined();
    expect(parseIntParam('limit', '1', 1, 500)).toBe(1);
    expect(parseIntParam('limit', '500', 1, 500)).toBe(500);
    refused(() => parseIntParam('limit', '0', 1, 500), 'limit must be an integer 1-500, got "0"');
    refused(() => parseIntParam('limit', '501', 1, 500), 'limit must be an integer 1-500, got "501"');
    refused(() => parseIntParam('offset', '-1', 0, 9), 'offset must be an integer 0-9, got "-1"');
    refused(() => parseIntParam('offset', '1e3', 0, 9999), 'offset must be an integer 0-9999, got "1e3"');
  });

  it('parses a date bound: a date, or none for empty and -1', () => {
    expect(parseDateBound('start_date', undefined)).toBeNull();
    expect(parseDateBound('start_date', '')).toBeNull();
    expect(parseDateBound('start_date', '-1')).toBeNull();
    expect(parseDateBound('start_date', '2026-03-01')).toBe('2026-03-01');
    refused(
      () => parseDateBound('end_date', '2026-3-1'),
      'end_date must be a date YYYY-MM-DD or -1, got "2026-3-1"',
    );
  });
});
