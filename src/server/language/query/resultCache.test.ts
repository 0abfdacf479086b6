import { describe, expect, it } from 'vitest';
import type { DataRequest } from './dataRequest.js';
import { ResultCache, resultKeyText, type ResultKey } from './resultCache.js';

const request = (over: Partial<DataRequest> = {}): DataRequest => ({
  conditions: [],
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  limit: 50,
  offset: 0,
  sort: null,
  ...over,
});
const key = (over: Partial<ResultKey> = {}): ResultKey => ({
  groupId: 1,
  endpoint: 'stock/data',
  configVersion: 1,
  warehouseVersion: 0,
  request: request(),
  ...over,
});

/** A compute that counts its calls and answers with its caller's tag. */
function counter() {
  const calls: string[] = [];
  const compute = (tag: string) => () => {
    calls.push(tag);
    return Promise.resolve({ tag });
  };
  return { calls, compute };
}

describe('ResultCache keys', () => {
  it('spells a request one way: condition and value order do not matter', () => {
    const a = request({
      conditions: [
        { dimension: 'city', op: 'in', values: [3, 1] },
        { dimension: 'brand', op: 'in', values: ['b', 'a'] },
      ],
    });
    const b = request({
      conditions: [
        { dimension: 'brand', op: 'in', values: ['a', 'b'] },
        { dimension: 'city', op: 'in', values: [1, 3] },
      ],
    });
    expect(resultKeyText(key({ request: a }))).toBe(resultKeyText(key({ request: b })));
  });

  it('tells apart every part: group, endpoint, config, warehouse version, filters, dates, paging, sort', () => {
    const variants = [
      key(),
      key({ groupId: 2 }),
      key({ endpoint: 'stock/kpis' }),
      key({ configVersion: 2 }),
      key({ warehouseVersion: 1 }),
      key({ request: request({ conditions: [{ dimension: 'city', op: 'in', values: [1] }] }) }),
      key({ request: request({ conditions: [{ dimension: 'city', op: 'lte', values: [1] }] }) }),
      key({ request: request({ startDate: '2026-01-02' }) }),
      key({ request: request({ endDate: '2026-01-30' }) }),
      key({ request: request({ offset: 50 }) }),
      key({ request: request({ limit: 20 }) }),
      key({ request: request({ sort: { field: 'x', order: 'asc' } }) }),
      key({ request: request({ sort: { field: 'x', order: 'desc' } }) }),
    ];
    expect(new Set(variants.map(resultKeyText)).size).toBe(variants.length);
  });
});

describe('ResultCache', () => {
  it('answers a repeated call from memory and says so', async () => {
    const cache = new ResultCache<{ tag: string }>(1 << 20);
    const { calls, compute } = counter();
    expect(await cache.get(key(), compute('first'))).toEqual({ value: { tag: 'first' }, hit: false });
    expect(await cache.get(key(), compute('second'))).toEqual({ value: { tag: 'first' }, hit: true });
    expect(calls).toEqual(['first']);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('never gives one group the answer computed for another', async () => {
    const cache = new ResultCache<{ tag: string }>(1 << 20);
    const { compute } = counter();
    await cache.get(key({ groupId: 1 }), compute('group 1'));
    const other = await cache.get(key({ groupId: 2 }), compute('group 2'));
    expect(other).toEqual({ value: { tag: 'group 2' }, hit: false });
  });

  it('recomputes after the warehouse version moves (a load)', async () => {
    const cache = new ResultCache<{ tag: string }>(1 << 20);
    const { calls, compute } = counter();
    await cache.get(key({ warehouseVersion: 4 }), compute('before load'));
    const after = await cache.get(key({ warehouseVersion: 6 }), compute('after load'));
    expect(after.value.tag).toBe('after load');
    expect(calls).toEqual(['before load', 'after load']);
  });

  it('runs identical concurrent calls once (single-flight)', async () => {
    const cache = new ResultCache<{ tag: string }>(1 << 20);
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      runs++;
      await gate;
      return { tag: 'shared' };
    };
    const all = Promise.all(Array.from({ length: 10 }, () => cache.get(key(), slow)));
    release();
    const answers = await all;
    expect(runs).toBe(1);
    expect(answers.every((a) => a.value.tag === 'shared')).toBe(true);
  });

  it('does not remember a failure: the next call runs again', async () => {
    const cache = new ResultCache<{ tag: string }>(1 << 20);
    await expect(cache.get(key(), () => Promise.reject(new Error('warehouse down')))).rejects.toThrow(
      'warehouse down',
    );
    expect((await cache.get(key(), () => Promise.resolve({ tag: 'ok' }))).value.tag).toBe('ok');
  });

  it('stays within its byte budget, dropping the least recently used', async () => {
    const budget = 10_000;
    const cache = new ResultCache<{ tag: string }>(budget);
    const big = 'x'.repeat(1_000); // ~2 KB each as counted
    for (let i = 0; i < 20; i++)
      await cache.get(key({ groupId: i + 1 }), () => Promise.resolve({ tag: big }));
    const { bytes, entries } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(budget);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(20);
    expect((await cache.get(key({ groupId: 20 }), () => Promise.resolve({ tag: 'new' }))).hit).toBe(true);
    expect((await cache.get(key({ groupId: 1 }), () => Promise.resolve({ tag: 'new' }))).hit).toBe(false);
  });

  it('peek answers from memory only, counting a hit or a miss; set keeps an answer computed elsewhere', async () => {
    const cache = new ResultCache<{ tag: string }>(1 << 20);
    expect(cache.peek(key())).toBeUndefined();
    cache.set(key(), { tag: 'kept' });
    expect(cache.peek(key())).toEqual({ tag: 'kept' });
    expect(cache.peek(key({ warehouseVersion: 1 }))).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, entries: 1 });
    // A later call of the same key is answered by what was kept, without computing.
    expect(await cache.get(key(), () => Promise.reject(new Error('computed')))).toEqual({
      value: { tag: 'kept' },
      hit: true,
    });
  });

  it('serves but does not keep an answer larger than the whole budget', async () => {
    const cache = new ResultCache<{ tag: string }>(1_000);
    const huge = { tag: 'y'.repeat(5_000) };
    expect((await cache.get(key(), () => Promise.resolve(huge))).value).toBe(huge);
    expect(cache.stats().bytes).toBe(0);
  });
});
