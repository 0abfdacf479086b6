import { describe, expect, it } from 'vitest';
import type { UploadColumn } from '../../../shared/config.gen.js';
import { parseCell } from './parseCell.js';

const col = (over: Partial<UploadColumn>): UploadColumn => ({
  kind: 'column',
  header: 'H',
  field: 'f',
  type: 'string',
  ...over,
});

describe('parseCell', () => {
  it('empty cells: required is an error, optional takes the default', () => {
    expect(parseCell(col({ required: true }), '  ')).toEqual({
      ok: false,
      message: 'Required value is missing.',
    });
    expect(parseCell(col({ default: 'x' }), null)).toEqual({ ok: true, value: 'x' });
    expect(parseCell(col({}), '')).toEqual({ ok: true, value: null });
  });

  it('integers and numbers, from cells or text, with their range', () => {
    const int = col({ type: 'integer', min: 0, max: 10 });
    expect(parseCell(int, ' 7 ')).toEqual({ ok: true, value: 7 });
    expect(parseCell(int, 7.5)).toEqual({ ok: false, message: 'Must be a whole number.' });
    expect(parseCell(int, '1e1')).toEqual({ ok: true, value: 10 });
    expect(parseCell(int, 11)).toEqual({ ok: false, message: 'Must be at most 10.' });
    expect(parseCell(int, -1)).toEqual({ ok: false, message: 'Must be at least 0.' });
    expect(parseCell(col({ type: 'number' }), '12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseCell(col({ type: 'number' }), '12,5')).toEqual({ ok: false, message: 'Must be a number.' });
    expect(parseCell(col({ type: 'number' }), Infinity)).toEqual({ ok: false, message: 'Must be a number.' });
  });

  it('reads number texts as the pattern did, digits-only texts included', () => {
    const pattern = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
    const texts = [
      '0',
      '-0',
      '12',
      '007',
      '1.',
      '.5',
      '-.5',
      '1.25',
      '.',
      '-',
      '--1',
      '1.2.3',
      '1-2',
      '-1.',
      '1e3',
      '1E-2',
      '+1',
      '0x1F',
      '0b1',
      'Infinity',
      '-Infinity',
      'NaN',
      '1_000',
      '1,5',
      '٣',
      '1 2',
      '9'.repeat(400),
    ];
    const number = col({ type: 'number' });
    for (const text of texts) {
      const want =
        pattern.test(text) && Number.isFinite(Number(text))
          ? { ok: true, value: Number(text) }
          : { ok: false, message: 'Must be a number.' };
      expect(parseCell(number, text), text).toEqual(want);
    }
  });

  it('formula text is never a number', () => {
    expect(parseCell(col({ type: 'integer' }), '=1+2')).toEqual({
      ok: false,
      message: 'Must be a whole number.',
    });
    expect(parseCell(col({}), '=1+2')).toEqual({ ok: true, value: '=1+2' });
  });

  it('dates: real calendar days as YYYY-MM-DD, date cells by their UTC day', () => {
    const date = col({ type: 'date' });
    expect(parseCell(date, '2026-02-28')).toEqual({ ok: true, value: '2026-02-28' });
    expect(parseCell(date, '2026-02-30')).toEqual({ ok: false, message: 'Must be a date (YYYY-MM-DD).' });
    expect(parseCell(date, '28/02/2026')).toEqual({ ok: false, message: 'Must be a date (YYYY-MM-DD).' });
    expect(parseCell(date, new Date(Date.UTC(2026, 0, 31)))).toEqual({ ok: true, value: '2026-01-31' });
    expect(parseCell(date, 46000)).toEqual({ ok: false, message: 'Must be a date (YYYY-MM-DD).' });
  });

  it('allowed values ignore case and give the declared spelling; text length is bounded', () => {
    const allowed = col({ allowed: ['Amazon', 'Flipkart'] });
    expect(parseCell(allowed, 'amazon')).toEqual({ ok: true, value: 'Amazon' });
    expect(parseCell(allowed, 'Zepto')).toEqual({ ok: false, message: 'Must be one of: Amazon, Flipkart.' });
    expect(parseCell(col({ maxLength: 3 }), 'abcd')).toEqual({
      ok: false,
      message: 'Must be at most 3 characters.',
    });
  });
});
