// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { storedCrawlDates, storedCurrency } from './env.js';

afterEach(() => window.localStorage.clear());

describe('values stored at login', () => {
  it('reads crawl dates keyed by crawl type, cut to the day', () => {
    window.localStorage.setItem(
      'crawlDate',
      JSON.stringify({ product: '2026-11-20 06:00:00', keyword: 'n/a' }),
    );
    expect(storedCrawlDates()).toEqual({ product: '2026-11-20' });
  });

  it('a single stored date applies to every crawl type', () => {
    window.localStorage.setItem('crawlDate', '2026-11-19');
    expect(storedCrawlDates().category).toBe('2026-11-19');
  });

  it('currency info falls back to the rupee', () => {
    expect(storedCurrency().symbol).toBe('₹');
    window.localStorage.setItem('currencyInfo', JSON.stringify({ symbol: '$', mrp: 'List price' }));
    expect(storedCurrency()).toMatchObject({ symbol: '$', mrp: 'List price' });
  });
});
