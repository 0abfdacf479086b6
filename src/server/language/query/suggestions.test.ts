import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../shared/errors.js';
import { compileSuggestionQuery, escapeLike } from './compileSuggestionQuery.js';
import { parseSuggestionRequest } from './suggestionRequest.js';
import { stockWarehouse } from './testing/stockWarehouse.js';
import { stockContexts } from './testing/stockContext.js';
import { TEST_WAREHOUSES } from '../../platform/warehouse/testing/testWarehouses.js';

const kpi = stockContexts().ctx('kpi', 'stats');
const dialects = TEST_WAREHOUSES;

describe.each(dialects)('suggestions on %s', (_name, open) => {
  const stock = stockWarehouse(open);

  async function options(source: string, query: Record<string, string>, groupId = 1) {
    const req = parseSuggestionRequest(kpi.screen, kpi.dataset, source, query);
    const { sql, params } = compileSuggestionQuery(kpi.dataset, req, groupId, stock.wh.dialect);
    return (await stock.wh.query<{ key: number; name: string }>(sql, params)).map((r) => [r.key, r.name]);
  }

  it('lists the options present in the group facts, named from the dimension table', async () => {
    expect(await options('brand', {})).toEqual([
      [100, 'Dove'],
      [101, 'Nivea Men'],
    ]);
    expect(await options('brand', {}, 2)).toEqual([[200, 'Rival Brand']]);
    expect(await options('channel', {})).toEqual([
      [1, 'Amazon'],
      [4, 'Flipkart'],
    ]);
  });

  it('narrows by the sibling selections the filter dependsOn, and ignores the others', async () => {
    expect(await options('city', { channel_id: '4' })).toEqual([[11, 'Delhi']]);
    expect(await options('category', { channel_id: '1', brand_id: '101' })).toEqual([[301, 'Deodorant']]);
    // channel does not depend on brand: a brand selection leaves its options alone.
    expect(await options('channel', { brand_id: '101' })).toHaveLength(2);
  });

  it('matches the prefix at the start of the name or of a word, case-insensitively, wildcards literal', async () => {
    expect(await options('brand', { prefix: 'MEN' })).toEqual([[101, 'Nivea Men']]);
    expect(await options('brand', { prefix: 'ove' })).toEqual([]);
    expect(await options('brand', { prefix: '%' })).toEqual([]);
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('names mapped dimensions (label categories) from their table, for the group only', async () => {
    const screen = {
      ...kpi.screen,
      filters: [
        ...(kpi.screen.filters ?? []),
        { kind: 'multiSelect' as const, field: 'label_category_id', label: 'Label', source: 'labelCategory' },
      ],
    };
    const req = parseSuggestionRequest(screen, kpi.dataset, 'labelCategory', { prefix: 'gro' });
    const { sql, params } = compileSuggestionQuery(kpi.dataset, req, 1, stock.wh.dialect);
    expect(await stock.wh.query(sql, params)).toEqual([
      { key: 31, name: 'Grooming', ids: [301], __total: 1 },
    ]);
  });

  it("lists the tags of the group's products with the products each stands for", async () => {
    const req = parseSuggestionRequest(kpi.screen, kpi.dataset, 'tag', {});
    const { sql, params } = compileSuggestionQuery(kpi.dataset, req, 1, stock.wh.dialect);
    expect(await stock.wh.query(sql, params)).toEqual([
      { key: 50, name: 'Focus SKU', ids: [1000], __total: 2 },
      { key: 51, name: 'Hero Pack', ids: [1000, 1001], __total: 2 },
    ]);
  });

  it('pages with offset and staticSize', async () => {
    expect(await options('brand', { staticSize: '1', offset: '1' })).toEqual([[101, 'Nivea Men']]);
  });

  it('answers 404 for a source the screen does not declare', () => {
    expect(() => parseSuggestionRequest(kpi.screen, kpi.dataset, 'keyword', {})).toThrow(NotFoundError);
  });
});
