import type { CrawlDates, KeyValueStorage } from '../../shared/filters/index.js';
import { DEFAULT_CURRENCY, type CurrencyInfo } from '../../shared/format/index.js';

/** localStorage when the browser allows it (private modes and SSR may not). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  try {
    const raw = browserStorage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Last crawl dates stored after login (spec §3 `crawlDate`), keyed by crawl type. */
export function storedCrawlDates(): CrawlDates {
  const value = readJson('crawlDate');
  return value && typeof value === 'object' ? value : {};
}

/** The user's currency info stored after login (spec §3), else the rupee default. */
export function storedCurrency(): CurrencyInfo {
  const value = readJson('currencyInfo') as Partial<CurrencyInfo> | null;
  return value && typeof value.symbol === 'string' ? { ...DEFAULT_CURRENCY, ...value } : DEFAULT_CURRENCY;
}
