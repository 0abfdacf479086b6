import { describe, expect, it, vi } from 'vitest';
import { indexDataset } from '../model/datasetIndex.js';
import { BadRequestError } from '../../../shared/errors.js';
import { compileDatasetQuery } from './compileDatasetQuery.js';
import { parseDataRequest } from './dataRequest.js';
import { PreparedQueries } from './preparedQueries.js';
import { stockContexts } from './testing/stockContext.js';

const { ctx } = stockContexts();
const rows = ctx('data', 'rows');

function prepare(
  memo: PreparedQueries,
  c = rows,
  query: Record<string, string> = { channel_id: '1' },
  groupId = 1,
) {
  const parse = vi.fn(() => parseDataRequest(c, query));
  const prepared = memo.prepare(c, new URLSearchParams(query).toString(), groupId, parse);
  return { prepared, parsed: parse.mock.calls.length };
}

describe('PreparedQueries', () => {
  it('compiles what compileDatasetQuery compiles, once per query string and group', () => {
    const memo = new PreparedQueries({ dialect: 'duckdb' });
    const first = prepare(memo);
    expect(first.parsed).toBe(1);
    const request = parseDataRequest(rows, { channel_id: '1' });
    expect(first.prepared.request).toEqual(request);
    expect(first.prepared.page).toEqual(
      compileDatasetQuery({
        dataset: rows.dataset,
        query: rows.query,
        request,
        groupId: 1,
        dialect: 'duckdb',
        mode: 'page',
      }),
    );
    const again = prepare(memo);
    expect(again.parsed).toBe(0);
    expect(again.prepared).toBe(first.prepared);
  });

  it('keeps groups apart: another group gets its own SQL with its own tenant parameter', () => {
    const memo = new PreparedQueries({ dialect: 'duckdb' });
    const one = prepare(memo, rows, { channel_id: '1' }, 1).prepared;
    const two = prepare(memo, rows, { channel_id: '1' }, 2);
    expect(two.parsed).toBe(1);
    expect(one.page.params[0]).toBe(1);
    expect(two.prepared.page.params[0]).toBe(2);
  });

  it('does not remember a request that fails to parse', () => {
    const memo = new PreparedQueries({ dialect: 'duckdb' });
    const bad = () => memo.prepare(rows, 'nope=1', 1, () => parseDataRequest(rows, { nope: '1' }));
    expect(bad).toThrow(BadRequestError);
    const parse = vi.fn(() => {
      throw new BadRequestError('again');
    });
    expect(() => memo.prepare(rows, 'nope=1', 1, parse)).toThrow('again');
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('recompiles after a config reload brings a new dataset object', () => {
    const memo = new PreparedQueries({ dialect: 'duckdb' });
    const before = prepare(memo).prepared;
    const reloaded = { ...rows, dataset: indexDataset(rows.dataset.config) };
    const after = prepare(memo, reloaded);
    expect(after.parsed).toBe(1);
    expect(after.prepared).not.toBe(before);
  });

  it('holds a bounded number of query strings per screen query, dropping the oldest', () => {
    const memo = new PreparedQueries({ dialect: 'duckdb' });
    for (let id = 1; id <= 65; id++) prepare(memo, rows, { channel_id: String(id) });
    expect(prepare(memo, rows, { channel_id: '65' }).parsed).toBe(0);
    expect(prepare(memo, rows, { channel_id: '1' }).parsed).toBe(1);
  });

  it('drops nothing while it holds 64, nor when it recompiles one of them for a reloaded config', () => {
    const memo = new PreparedQueries({ dialect: 'duckdb' });
    for (let id = 1; id <= 64; id++) prepare(memo, rows, { channel_id: String(id) });
    const reloaded = { ...rows, dataset: indexDataset(rows.dataset.config) };
    expect(prepare(memo, reloaded, { channel_id: '64' }).parsed).toBe(1);
    expect(prepare(memo, reloaded, { channel_id: '1' }).parsed).toBe(1); // reloaded: compiled again
    expect(prepare(memo, rows, { channel_id: '2' }).parsed).toBe(0); // still held
  });

  it("prepares a one-row call's two periods in one statement once, and remembers when one scan cannot", () => {
    const memo = new PreparedQueries({ dialect: 'duckdb' });
    // The stock KPI's per-group measures (no day share, no lost sales: bothPeriods.test.ts).
    const stats = ctx('kpi', 'stats');
    const kpi = { ...stats, query: { ...stats.query, measures: ['availability_pct', 'in_stock'] } };
    const request = parseDataRequest(kpi, { start_date: '2026-11-08', end_date: '2026-11-14' });
    const previous = { start: '2026-11-01', end: '2026-11-07' };
    const both = memo.prepareBoth(kpi, 'q', 1, request, previous);
    expect(both?.request).toBe(request);
    expect(both?.page.params).toContain('2026-11-01');
    expect(memo.prepareBoth(kpi, 'q', 1, request, previous)).toBe(both);
    // The one-period call of the same query string is another entry.
    expect(memo.prepare(kpi, 'q', 1, () => request).page).not.toEqual(both?.page);
    // A paged grid: no one-scan plan, and that answer is kept too.
    const grid = parseDataRequest(rows, { start_date: '2026-11-08', end_date: '2026-11-14' });
    expect(memo.prepareBoth(rows, 'g', 1, grid, previous)).toBeNull();
    expect(memo.prepareBoth(rows, 'g', 1, grid, previous)).toBeNull();
    // A distinct count: DuckDB too runs the two periods' statements side by side.
    const skus = { ...kpi, query: { ...kpi.query, measures: ['availability_pct', 'sku_count'] } };
    expect(memo.prepareBoth(skus, 's', 1, request, previous)).toBeNull();
    // PostgreSQL runs the two periods' own statements side by side instead.
    expect(
      new PreparedQueries({ dialect: 'postgres' }).prepareBoth(kpi, 'q', 1, request, previous),
    ).toBeNull();
  });

  it('hands out SQL that callers cannot change', () => {
    const { prepared } = prepare(new PreparedQueries({ dialect: 'duckdb' }));
    expect(Object.isFrozen(prepared.page)).toBe(true);
    expect(Object.isFrozen(prepared.page.params)).toBe(true);
  });
});
