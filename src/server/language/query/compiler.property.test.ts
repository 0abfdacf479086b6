import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../shared/errors.js';
import { parseDataRequest } from './dataRequest.js';
import { compileDatasetQuery } from './compileDatasetQuery.js';
import { parseSuggestionRequest } from './suggestionRequest.js';
import { compileSuggestionQuery } from './compileSuggestionQuery.js';
import { stockContexts } from './testing/stockContext.js';

const { ctx } = stockContexts();
const contexts = [ctx('kpi', 'stats'), ctx('kpi', 'trend'), ctx('kpi', 'brands'), ctx('data', 'rows')];

/** Every piece of request text carries this marker: if it ever shows up in SQL, text leaked. */
const MARK = 'QzX';
const known = [
  'channel_id',
  'brand_id',
  'category_id',
  'city_id',
  'is_competitor',
  'stock_status',
  'label_category_id',
  'city_zone_id',
];
const paging = [
  'start_date',
  'end_date',
  'limit',
  'offset',
  'order_by',
  'order_type',
  'prefix',
  'staticSize',
];
const marked = fc.string({ maxLength: 30 }).map((s) => `${MARK}${s}`);
const plausible = fc.oneof(
  fc.constantFrom(
    '1',
    '1,4',
    '-1',
    '2026-01-01',
    'asc',
    'desc',
    'sku_name',
    'availability_pct',
    '',
    '0',
    '501',
    '10',
  ),
  fc.integer().map(String),
  marked,
  marked.map((s) => `1,${s}`),
  fc.constantFrom(`${MARK}'; DROP TABLE fact_stock; --`, `${MARK}" OR 1=1 --`, `1) OR (${MARK}`),
);
const params = fc.dictionary(fc.oneof(fc.constantFrom(...known, ...paging), marked), plausible, {
  maxKeys: 8,
});

describe('query compiler properties', () => {
  it('random requests never put request text into SQL and fail only with BadRequestError', () => {
    let compiled = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...contexts),
        params,
        fc.constantFrom<'duckdb' | 'postgres'>('duckdb', 'postgres'),
        fc.constantFrom<'page' | 'export'>('page', 'export'),
        (c, query, dialect, mode) => {
          let request;
          try {
            request = parseDataRequest(c, query);
          } catch (error) {
            expect(error).toBeInstanceOf(BadRequestError);
            return;
          }
          const { sql, params: values } = compileDatasetQuery({
            dataset: c.dataset,
            query: c.query,
            request,
            groupId: 1,
            dialect,
            mode,
          });
          compiled++;
          expect(sql).not.toContain(MARK);
          expect(values.length).toBe(
            (sql.match(/\$\d+/g) ?? []).reduce((max, m) => Math.max(max, Number(m.slice(1))), 0),
          );
        },
      ),
      { numRuns: 1000 },
    );
    expect(compiled).toBeGreaterThan(100); // the property must reach the compiler, not only the parser
  });

  it('random suggestion requests never put request text into SQL', () => {
    const kpi = ctx('kpi', 'stats');
    fc.assert(
      fc.property(fc.constantFrom('channel', 'brand', 'category', 'city'), params, (source, query) => {
        let request;
        try {
          request = parseSuggestionRequest(kpi.screen, kpi.dataset, source, query);
        } catch (error) {
          expect(error).toBeInstanceOf(BadRequestError);
          return;
        }
        const { sql } = compileSuggestionQuery(kpi.dataset, request, 1, 'postgres');
        expect(sql).not.toContain(MARK);
      }),
      { numRuns: 500 },
    );
  });
});
