import { describe, expect, it } from 'vitest';
import type { UploadDeclaration } from '../../../shared/config.gen.js';
import { planUpload } from './uploadPlan.js';

const upload = (columns: UploadDeclaration['columns']): UploadDeclaration => ({
  kind: 'upload',
  id: 'sales',
  title: 'Sales',
  accept: ['.xlsx'],
  columns,
  target: {
    kind: 'warehouse',
    table: 'fact_sales',
    fixed: { is_estimate: 0 },
    replace: [{ field: 'sale_date', label: 'Month', grain: 'month' }],
  },
});

describe('planUpload', () => {
  it('maps every target column to the tenant, a fixed value, a cell or a lookup column', () => {
    const plan = planUpload(
      upload([
        { kind: 'column', header: 'Channel', field: 'channel_id', type: 'integer' },
        { kind: 'column', header: 'Day', field: 'sale_date', type: 'date' },
        {
          kind: 'column',
          header: 'SKU',
          field: 'product_id',
          type: 'string',
          lookup: {
            table: 'dim_product',
            match: 'sku_code',
            key: 'product_id',
            also: ['brand_id', 'category_id', 'is_competitor'],
          },
        },
        { kind: 'column', header: 'Units', field: 'units', type: 'integer' },
        { kind: 'column', header: 'Revenue', field: 'revenue', type: 'number' },
      ]),
    );
    expect(Object.fromEntries(plan.targets.map((t) => [t.name, t.source.kind]))).toEqual({
      group_id: 'tenant',
      sale_date: 'cell',
      channel_id: 'cell',
      product_id: 'cell',
      brand_id: 'also',
      category_id: 'also',
      is_competitor: 'also',
      units: 'cell',
      revenue: 'cell',
      is_estimate: 'fixed',
      is_superseded: 'derived',
    });
    // Staged: the columns cells fill; the tenant, fixed and derived ones are the swap's.
    expect(plan.staged.map((t) => plan.targets[t]!.name)).toEqual([
      'sale_date',
      'channel_id',
      'product_id',
      'brand_id',
      'category_id',
      'is_competitor',
      'units',
      'revenue',
    ]);
    expect(plan.slice).toEqual([{ name: 'sale_date', staged: 0, month: true }]);
  });

  it('names the columns nothing fills', () => {
    expect(() =>
      planUpload(upload([{ kind: 'column', header: 'Day', field: 'sale_date', type: 'date' }])),
    ).toThrow(
      'Upload sales: nothing fills fact_sales.channel_id, product_id, brand_id, category_id, is_competitor, units, revenue',
    );
  });
  it('refuses a lookup within a field no earlier column fills', () => {
    const sku = (within: string[]): UploadDeclaration['columns'][number] => ({
      kind: 'column',
      header: 'SKU',
      field: 'product_id',
      type: 'string',
      lookup: { table: 'dim_listing', match: 'channel_sku_code', key: 'product_id', within },
    });
    const channel = { kind: 'column', header: 'Channel', field: 'channel_id', type: 'integer' } as const;
    const rest = [
      { kind: 'column', header: 'Day', field: 'sale_date', type: 'date' },
      { kind: 'column', header: 'Units', field: 'units', type: 'integer' },
      { kind: 'column', header: 'Revenue', field: 'revenue', type: 'number' },
    ] as const;
    const withBrand = { also: ['brand_id', 'category_id', 'is_competitor'] };
    const skuColumn = (within: string[]) => ({
      ...sku(within),
      lookup: { ...sku(within).lookup!, ...withBrand },
    });
    expect(() => planUpload(upload([skuColumn(['channel_id']), channel, ...rest]))).toThrow(
      'Upload sales: lookup of SKU is within channel_id, which no earlier column fills',
    );
    expect(() => planUpload(upload([channel, skuColumn(['channel_id']), ...rest]))).not.toThrow();
  });
});
