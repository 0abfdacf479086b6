import { describe, expect, it } from 'vitest';
import type { QueryRows } from '../../language/query/runScreenQuery.js';
import type { PreparedQuery } from '../../language/query/preparedQueries.js';
import type { PreviousCall } from '../../language/query/previousPeriodCall.js';
import { PERIOD_KEY } from '../../language/query/periodKey.js';
import { comparedAnswer, comparisonQuery, type ComparedInput } from './comparedAnswer.js';
import type { QueryContext } from '../../language/query/dataRequest.js';

const bothCall = { request: {} } as unknown as PreparedQuery;
const previous: PreviousCall = {
  to: 'previous',
  period: { start: '2026-01-01', end: '2026-01-07' },
  call: { request: {} } as unknown as PreparedQuery,
  both: bothCall,
};

/** A KPI call whose parts record what ran; `kept` is the cached comparison period, if any. */
function kpiCall(kept: QueryRows | undefined) {
  const ran: string[] = [];
  const keptRows: QueryRows[] = [];
  const rows = (name: string, value: number): Promise<QueryRows> => {
    ran.push(name);
    return Promise.resolve({ rows: [{ n: value }], total: 1 });
  };
  const input = {
    warehouse: {},
    ctx: { query: { paged: false } },
    groupId: 1,
    previous,
    current: () => rows('current', 10),
    before: () => rows('before', 7),
    both: () => {
      ran.push('both');
      return Promise.resolve({
        rows: [
          { [PERIOD_KEY]: 0, n: 10 },
          { [PERIOD_KEY]: 1, n: 8 },
        ],
        total: 2,
      });
    },
    kept: () => ({ rows: kept, keep: (r: QueryRows) => keptRows.push(r) }),
  } as unknown as ComparedInput;
  return { input, ran, keptRows };
}

describe('comparedAnswer of a KPI call that one statement answers', () => {
  it('runs only the current period when the comparison period is still cached', async () => {
    const { input, ran, keptRows } = kpiCall({ rows: [{ n: 5 }], total: 1 });
    const answer = await comparedAnswer(input);
    expect(ran).toEqual(['current']);
    expect(answer).toMatchObject({ rows: [{ n: 10 }], previous: { rows: [{ n: 5 }] } });
    expect(keptRows).toEqual([]);
  });

  it('runs the both-periods statement otherwise, and keeps its comparison period', async () => {
    const { input, ran, keptRows } = kpiCall(undefined);
    const answer = await comparedAnswer(input);
    expect(ran).toEqual(['both']);
    expect(answer).toMatchObject({ rows: [{ n: 10 }], previous: { rows: [{ n: 8 }] } });
    expect(keptRows).toEqual([{ rows: [{ n: 8 }], total: 1 }]);
  });
});

describe('comparisonQuery', () => {
  it("reads a grid's change measures only, every row, in no order", () => {
    const query = {
      id: 'brands',
      groupBy: ['brand_id'],
      measures: ['sku_count', 'availability_pct', 'days_in_stock_pct', 'lost_sales'],
      sort: [{ field: 'lost_sales', order: 'desc' as const }],
      limit: 20,
      paged: true,
    };
    const ctx = { query } as unknown as QueryContext;
    const trimmed = comparisonQuery(ctx, { keys: ['brand_id'], measures: ['availability_pct'] });
    expect(trimmed.query).toEqual({
      id: 'brands',
      groupBy: ['brand_id'],
      measures: ['availability_pct'],
      paged: false,
    });
    expect(ctx.query.measures).toHaveLength(4);
  });
});
