import { describe, expect, it } from 'vitest';
import type { DatasetConfig } from '../../../shared/config.gen.js';
import { checkStockSignals } from './checkStockSignals.js';

const column = (id: string) => ({ kind: 'column', id, column: id, type: 'integer', label: id });
const model = (table: string) => ({
  listing: ['product_id', 'channel_id'],
  city: 'city_id',
  stock: { table, dateColumn: 'd', status: 's', storeShare: 'sh', stores: 'st' },
  sales: { table: 'v_sales', dateColumn: 'd', units: 'u' },
  price: { table: 'fact_price', dateColumn: 'd', column: 'p' },
});

const problems = (ds: Partial<DatasetConfig>) => {
  const out: string[] = [];
  checkStockSignals(
    {
      table: 'fact_stock',
      dimensions: ['product_id', 'channel_id', 'city_id'].map(column),
      measures: [
        { kind: 'lostSales', id: 'lost', model: model('fact_stock') },
        { kind: 'lostSales', id: 'elsewhere', model: model('fact_other') },
        { kind: 'count', id: 'rows' },
      ],
      ...ds,
    } as unknown as DatasetConfig,
    (p, m) => out.push(`${p} ${m}`),
  );
  return out;
};

describe('checkStockSignals', () => {
  it('accepts a warning on a lostSales measure of the same table and coverage with the page columns', () => {
    expect(problems({ coverage: 'crawl', stockoutWarning: { lostSales: 'lost' } })).toEqual([]);
  });

  it('names the measure that cannot give a warning, and the column coverage lacks', () => {
    expect(problems({ stockoutWarning: { lostSales: 'nope' } })).toEqual([
      '/stockoutWarning/lostSales unknown measure "nope"',
    ]);
    expect(problems({ stockoutWarning: { lostSales: 'rows' } })).toEqual([
      '/stockoutWarning/lostSales "rows" is a count measure, not lostSales',
    ]);
    expect(problems({ stockoutWarning: { lostSales: 'elsewhere' } })).toEqual([
      '/stockoutWarning/lostSales "elsewhere" reads stock from "fact_other", not this dataset\'s table "fact_stock"',
    ]);
    expect(
      problems({ coverage: 'crawl', dimensions: [column('product_id'), column('channel_id')] as never }),
    ).toEqual(['/coverage coverage needs the column dimension "city_id" (a crawled page\'s name)']);
  });
});
