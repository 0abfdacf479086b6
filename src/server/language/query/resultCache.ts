import { LRUCache } from 'lru-cache';
import type { DataRequest } from './dataRequest.js';

/** What identifies a cached answer: a different value in any part is a different answer. */
export interface ResultKey {
  groupId: number;
  /** The endpoint's path, e.g. `stock/data`. */
  endpoint: string;
  /** Version of the config snapshot the query was compiled from (a screen edit changes the SQL). */
  configVersion: number | string;
  /** Version of the warehouse (moves on every load): a cached answer is never stale. */
  warehouseVersion: number;
  request: DataRequest;
}

export interface CacheStats {
  hits: number;
  misses: number;
  bytes: number;
  entries: number;
}

/**
 * The request in one spelling: filter conditions sorted by dimension and their values sorted, so
 * `?a=1&b=2,3` and `?b=3,2&a=1` share an entry. Every field of the parsed request takes part.
 */
export function normaliseRequest(request: DataRequest): string {
  const conditions = request.conditions
    .map((c) => ({ ...c, values: [...c.values].sort((a, b) => String(a).localeCompare(String(b))) }))
    .sort((a, b) => a.dimension.localeCompare(b.dimension) || a.op.localeCompare(b.op));
  const { startDate, endDate, limit, offset, sort } = request;
  return JSON.stringify([conditions, startDate, endDate, limit, offset, sort]);
}

export function resultKeyText(key: ResultKey): string {
  return JSON.stringify([
    key.groupId,
    key.endpoint,
    key.configVersion,
    key.warehouseVersion,
    normaliseRequest(key.request),
  ]);
}

/**
 * Answers of data calls kept in memory up to a byte budget (least recently used go first).
 * Identical calls arriving while the first is still running share its warehouse query
 * (lru-cache's fetch is single-flight); a failed query is not remembered.
 */
export class ResultCache<T extends object> {
  private readonly lru: LRUCache<string, T, () => Promise<T>>;
  private hits = 0;
  private misses = 0;

  constructor(maxBytes: number) {
    this.lru = new LRUCache<string, T, () => Promise<T>>({
      maxSize: maxBytes,
      // JSON length in UTF-16 code units, x2: close to what the strings and objects hold.
      sizeCalculation: (value) => Math.max(1, JSON.stringify(value).length * 2),
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  /** The cached answer for `key`, else `compute()`'s (shared with identical calls in flight). */
  async get(key: ResultKey, compute: () => Promise<T>): Promise<{ value: T; hit: boolean }> {
    const text = resultKeyText(key);
    const hit = this.lru.has(text);
    if (hit) this.hits++;
    else this.misses++;
    const value = await this.lru.fetch(text, { context: compute });
    if (value === undefined) throw new Error('result cache: fetch gave no value');
    return { value, hit };
  }

  /** The cached answer for `key`, computing nothing (counted as a hit or a miss). */
  peek(key: ResultKey): T | undefined {
    const value = this.lru.get(resultKeyText(key));
    if (value === undefined) this.misses++;
    else this.hits++;
    return value;
  }

  /** Keeps an answer computed outside `get` (for a key read before it was computed). */
  set(key: ResultKey, value: T): void {
    this.lru.set(resultKeyText(key), value);
  }

  stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, bytes: this.lru.calculatedSize, entries: this.lru.size };
  }
}
