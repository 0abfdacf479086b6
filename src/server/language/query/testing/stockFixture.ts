import { bulkInsert } from '../../../platform/warehouse/bulkInsert.js';
import { createSchema } from '../../../platform/warehouse/schema/createSchema.js';
import { tableColumns } from '../../../platform/warehouse/schema/tableColumns.js';
import type { Warehouse } from '../../../platform/warehouse/warehouse.js';

/**
 * A tiny stock warehouse with known answers: group 1 has two products over three days
 * (availability 5/8; % days in stock 5/9: three listings, each product x channel x city, over three days), group 2 one product always in stock (isolation).
 */
export async function loadStockFixture(wh: Warehouse): Promise<void> {
  await createSchema(wh);
  await bulkInsert(
    wh,
    'dim_channel',
    ['channel_id', 'channel_name', 'channel_kind'],
    [
      [1, 'Amazon', 'marketplace'],
      [4, 'Flipkart', 'marketplace'],
    ],
  );
  await bulkInsert(
    wh,
    'dim_city',
    ['city_id', 'city_name', 'city_zone_id', 'city_zone_name'],
    [
      [10, 'Mumbai', 1, 'West'],
      [11, 'Delhi', 2, 'North'],
    ],
  );
  await bulkInsert(
    wh,
    'dim_brand',
    ['brand_id', 'group_id', 'brand_name', 'is_competitor'],
    [
      [100, 1, 'Dove', 0],
      [101, 1, 'Nivea Men', 1],
      [200, 2, 'Rival Brand', 0],
    ],
  );
  await bulkInsert(
    wh,
    'dim_category',
    ['category_id', 'group_id', 'category_name', 'label_category_id', 'label_category_name'],
    [
      [300, 1, 'Soap', 30, 'Personal Care'],
      [301, 1, 'Deodorant', 31, 'Grooming'],
      [400, 2, 'Snacks', 40, 'Food'],
    ],
  );
  const product = (id: number, group: number, brand: number, cat: number, name: string, comp: number) =>
    [
      id,
      group,
      brand,
      cat,
      name,
      `SKU-${id}`,
      '100g',
      99.5,
      `https://img.test/${id}.png`,
      comp,
      0,
      1,
      '2025-01-01',
    ] as const;
  await bulkInsert(
    wh,
    'dim_product',
    [
      'product_id',
      'group_id',
      'brand_id',
      'category_id',
      'sku_name',
      'sku_code',
      'pack_size',
      'mrp',
      'image_url',
      'is_competitor',
      'is_favourite',
      'mapping_status',
      'launch_date',
    ],
    [
      product(1000, 1, 100, 300, 'Dove Soap 100g', 0),
      product(1001, 1, 101, 301, 'Nivea Men Deo', 1),
      product(2000, 2, 200, 400, 'Rival Chips', 0),
    ],
  );
  // Tags: 1000 is a Focus SKU and a Hero Pack, 1001 a Hero Pack; group 2's row tagging 1001 with
  // tag 50 must never reach group 1 (tenant isolation of the mapping table).
  await bulkInsert(
    wh,
    'dim_product_tag',
    ['group_id', 'product_id', 'tag_id', 'tag_name'],
    [
      [1, 1000, 50, 'Focus SKU'],
      [1, 1000, 51, 'Hero Pack'],
      [1, 1001, 51, 'Hero Pack'],
      [2, 1001, 50, 'Other group tag'],
      [2, 2000, 60, 'Focus SKU'],
    ],
  );
  // Rows in the DDL's column order: group_id, crawl_date, channel_id, city_id, product_id, brand_id,
  // category_id, is_competitor, stock_status (the quick-commerce store columns keep their defaults).
  const rows: (string | number)[][] = [];
  const add = (
    g: number,
    ch: number,
    city: number,
    p: number,
    b: number,
    c: number,
    comp: number,
    statuses: number[],
  ) => statuses.forEach((s, i) => rows.push([g, `2026-01-0${i + 1}`, ch, city, p, b, c, comp, s]));
  add(1, 1, 10, 1000, 100, 300, 0, [1, 0, 1]);
  add(1, 4, 11, 1000, 100, 300, 0, [1, 1, 2]);
  add(1, 1, 10, 1001, 101, 301, 1, [0, 0, 1]);
  add(2, 1, 10, 2000, 200, 400, 0, [1, 1, 1]);
  await bulkInsert(wh, 'fact_stock', tableColumns('fact_stock').slice(0, 9), rows);
}
