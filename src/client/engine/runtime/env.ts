import type { CrawlDates, KeyValueStorage } from '../../../shared/filters/index.js';
import { DEFAULT_CURRENCY, type CurrencyInfo } from '../../../shared/format/index.js';

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

/**
 * Last crawl dates stored after login (docs/product-spec.md §3 `crawlDate`): an object keyed by crawl type, or one
 * date for all types. Times are cut to the day so the comparison with today is by date.
 */
export function storedCrawlDates(): CrawlDates {
  const raw = browserStorage()?.getItem('crawlDate') ?? null;
  const value = raw && /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw : readJson('crawlDate');
  const day = (v: unknown) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined;
  if (typeof value === 'string') {
    const d = day(value);
    return d ? { product: d, category: d, keyword: d, best_seller: d } : {};
  }
  const out: CrawlDates = {};
  if (value && typeof value === 'object') {
    for (const [type, v] of Object.entries(value as Record<string, unknown>)) {
      const d = day(v);
      if (d) out[type as keyof CrawlDates] = d;
    }
  }
  return out;
}

/** The user's currency info stored after login (docs/product-spec.md §3), else the rupee default. */
export function storedCurrency(): CurrencyInfo {
  const value = readJson('currencyInfo') as Partial<CurrencyInfo> | null;
  return value && typeof value.symbol === 'string' ? { ...DEFAULT_CURRENCY, ...value } : DEFAULT_CURRENCY;
}
