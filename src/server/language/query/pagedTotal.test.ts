import { describe, expect, it } from 'vitest';
import { TOTAL_COLUMN } from './compileDatasetQuery.js';
import { pagedTotal } from './pagedTotal.js';

const page = (...totals: number[]) => totals.map((n, i) => ({ id: i, [TOTAL_COLUMN]: n }));
const never = () => Promise.reject(new Error('the first row was read, though the page carries the total'));

describe('pagedTotal', () => {
  it("reads the total from the page's first row", async () => {
    expect(await pagedTotal(page(42, 42), 20, never)).toBe(42);
    // A driver may give the window count as text (BIGINT).
    expect(await pagedTotal([{ [TOTAL_COLUMN]: '7' }], 0, never)).toBe(7);
  });

  it('is 0 for an empty first page, without another query', async () => {
    expect(await pagedTotal([], 0, never)).toBe(0);
  });

  it("past the last page, asks the query's first row for it", async () => {
    let asked = 0;
    const first = () => {
      asked++;
      return Promise.resolve(page(35));
    };
    expect(await pagedTotal([], 40, first)).toBe(35);
    expect(asked).toBe(1);
    // A query with no row at all, past its "last page": 0.
    expect(await pagedTotal([], 40, () => Promise.resolve([]))).toBe(0);
  });
});
