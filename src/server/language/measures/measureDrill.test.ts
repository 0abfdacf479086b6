import { describe, expect, it } from 'vitest';
import type { DatasetConfig, MeasureNode } from '../../../shared/config.gen.js';
import { indexDataset } from '../model/datasetIndex.js';
import { eitherWhere, implies } from './drillParts.js';
import { measureDrill } from './measureDrill.js';

const m = (node: Record<string, unknown>) =>
  ({ label: String(node.id), description: '', format: 'short', ...node }) as MeasureNode;
const ds = indexDataset({
  table: 'fact_stock',
  dateColumn: 'crawl_date',
  dimensions: [],
  measures: [
    m({ kind: 'count', id: 'observations' }),
    m({ kind: 'countIf', id: 'in_stock', where: { column: 'stock_status', equals: 1 } }),
    m({ kind: 'countIf', id: 'listed', where: { column: 'stock_status', in: [0, 1] } }),
    m({ kind: 'ratio', id: 'availability', numerator: 'in_stock', denominator: 'listed', scale: 100 }),
    m({ kind: 'ratio', id: 'listing', numerator: 'listed', denominator: 'observations', scale: 100 }),
    m({ kind: 'countDistinct', id: 'skus', column: 'product_id' }),
    m({ kind: 'ratio', id: 'mixed', numerator: 'in_stock', denominator: 'skus' }),
    m({ kind: 'avg', id: 'avg_price', column: 'price' }),
    m({ kind: 'shareOfTotal', id: 'share', of: 'observations' }),
  ],
} as unknown as DatasetConfig);

const plan = (id: string) => {
  const d = measureDrill(ds, id);
  if ('reason' in d) return d;
  return { ...d, parts: d.parts.map((p) => p.id), where: d.where?.map((w) => w.label) };
};

describe('measureDrill', () => {
  it('a conditional count lists the rows meeting its condition, each summing its own count', () => {
    expect(plan('in_stock')).toEqual({ parts: ['in_stock'], combine: 'sum', where: ['in_stock'] });
    expect(plan('observations')).toEqual({ parts: ['observations'], combine: 'sum', where: undefined });
  });

  it('a ratio lists the rows of its numerator and denominator; a condition the other implies drops', () => {
    expect(plan('availability')).toEqual({
      parts: ['in_stock', 'listed'],
      combine: 'ratio',
      scale: 100,
      where: ['listed'],
    });
    // The denominator reads every row: so does the list.
    expect(plan('listing')).toMatchObject({ parts: ['listed', 'observations'], where: undefined });
  });

  it('a distinct count lists its values; parts counting different rows, or a share, say why not', () => {
    expect(plan('skus')).toMatchObject({ unit: ['product_id'], counts: 'distinct' });
    expect(plan('mixed')).toEqual({ reason: 'its numerator and denominator count different rows' });
    expect((plan('share') as { reason: string }).reason).toContain('a share of the rows');
    expect(plan('avg_price')).toMatchObject({
      parts: ['avg_price_sum', 'avg_price_values'],
      combine: 'ratio',
    });
  });

  it('implies: equal, a value within a list, a narrower bound, and an `and` of more tests', () => {
    const status = (x: object) => ({ column: 'stock_status', ...x });
    expect(implies(status({ equals: 1 }), status({ in: [0, 1] }))).toBe(true);
    expect(implies(status({ in: [0, 1] }), status({ equals: 1 }))).toBe(false);
    expect(implies({ column: 'r', atLeast: 4 }, { column: 'r', atLeast: 3 })).toBe(true);
    expect(implies({ column: 'r', equals: 5 }, { column: 'r', atLeast: 3 })).toBe(true);
    expect(
      implies({ column: 'p', equals: 1, and: [status({ equals: 0 })] }, { column: 'p', equals: 1 }),
    ).toBe(true);
    expect(
      implies({ column: 'p', equals: 1 }, { column: 'p', equals: 1, and: [status({ equals: 0 })] }),
    ).toBe(false);
    const w = (label: string, condition: object) => [{ label, condition: { column: 'c', ...condition } }];
    expect(eitherWhere(w('a', { equals: 1 }), w('b', { equals: 1 }))?.map((x) => x.label)).toEqual(['a']);
    expect(eitherWhere(w('a', { equals: 1 }), w('b', { equals: 2 }))?.map((x) => x.label)).toEqual([
      'a',
      'b',
    ]);
    expect(eitherWhere(w('a', { equals: 1 }), undefined)).toBeUndefined();
  });
});
