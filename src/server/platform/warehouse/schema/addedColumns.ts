import type { Warehouse } from '../warehouse.js';
import { deriveNewViolations } from './newViolations.js';
import { deriveAdShelfFlags, deriveBuyBoxLost } from './adShelfFlags.js';
import { deriveStockOnPromo } from './stockOnPromo.js';
import { deriveSalesSuperseded } from './salesSuperseded.js';

interface AddedColumn {
  table: string;
  column: string;
  /** Type and default for ALTER TABLE: DuckDB cannot add a column with a constraint. */
  definition: string;
  /** Fills the new column from the rows already there, where that is possible. */
  fill?: (wh: Warehouse) => Promise<void>;
}

/**
 * Columns added to tables after warehouses were first built. The DDL in factTables.ts has
 * them (NOT NULL where it applies); a warehouse made before gets them on start. Store columns
 * of old stock rows stay 0/NULL: the crawl did not record stores then, so depth is unknown.
 */
const ADDED_COLUMNS: readonly AddedColumn[] = [
  // Single-row writes (docs/write-half.md "Warehouse entities"): the write token, favourite, pages.
  { table: 'dim_promo_plan', column: 'updated_at', definition: "VARCHAR DEFAULT ''" },
  { table: 'dim_keyword', column: 'is_favourite', definition: 'SMALLINT DEFAULT 0' },
  { table: 'dim_keyword', column: 'search_pages', definition: 'SMALLINT DEFAULT 1' },
  { table: 'dim_keyword', column: 'updated_at', definition: "VARCHAR DEFAULT ''" },
  // A category's rank threshold (catg/threshold) and its write token.
  { table: 'dim_category', column: 'rank_threshold', definition: 'SMALLINT DEFAULT 10' },
  { table: 'dim_category', column: 'updated_at', definition: "VARCHAR DEFAULT ''" },
  // A product's tracking status (1 Active, 0 In-Active) and its write token.
  { table: 'dim_product', column: 'product_status', definition: 'SMALLINT DEFAULT 1' },
  { table: 'dim_product', column: 'updated_at', definition: "VARCHAR DEFAULT ''" },
  // Where the review of a product's price violations stands (detection 5 Invalid, 6 Pending, 7 Completed, 8 In Progress).
  { table: 'dim_product', column: 'detection_status', definition: 'SMALLINT DEFAULT 6' },
  {
    table: 'fact_price',
    column: 'is_new_violation',
    definition: 'SMALLINT DEFAULT 0',
    fill: deriveNewViolations,
  },
  {
    table: 'setup_city_list',
    column: 'list_id',
    definition: 'INTEGER DEFAULT 0',
    // Rows loaded before the column existed get ids, one per (group, channel, city) as loaded.
    fill: (wh) =>
      wh.exec(
        `UPDATE setup_city_list AS t SET list_id = n.rn FROM (
           SELECT group_id, channel_id, city_id,
                  ROW_NUMBER() OVER (ORDER BY group_id, channel_id, city_id) AS rn
           FROM setup_city_list) n
         WHERE t.group_id = n.group_id AND t.channel_id = n.channel_id AND t.city_id = n.city_id`,
      ),
  },
  { table: 'setup_city_list', column: 'updated_at', definition: "VARCHAR DEFAULT ''" },
  { table: 'fact_stock', column: 'stores_total', definition: 'SMALLINT DEFAULT 0' },
  { table: 'fact_stock', column: 'stores_in_stock', definition: 'SMALLINT DEFAULT 0' },
  { table: 'fact_stock', column: 'store_share', definition: 'DOUBLE PRECISION' },
  // Stock observed while a promotion ran (stock/promotions/stats), from the promotion facts.
  {
    table: 'fact_stock',
    column: 'on_promo',
    definition: 'SMALLINT DEFAULT 0',
    fill: (wh) => deriveStockOnPromo(wh),
  },
  // A listing's previous crawl (its first row in a period is counted as the listing: day shares).
  // Not filled: an UPDATE of every stock row doubled the large PostgreSQL tenant's table (7 GB) and
  // scattered its days over it (crawl_date correlation 1 -> -0.01). Older rows stay NULL, and a
  // period holding one is answered per listing as before; loads derive their days from then on.
  { table: 'fact_stock', column: 'prev_crawl_date', definition: 'DATE' },
  // An estimate replaced by a reported row of the same product, channel and day (v_sales).
  {
    table: 'fact_sales',
    column: 'is_superseded',
    definition: 'SMALLINT DEFAULT 0',
    fill: (wh) => deriveSalesSuperseded(wh),
  },
  {
    table: 'fact_search',
    column: 'search_volume',
    definition: 'INTEGER DEFAULT 0',
    fill: (wh) =>
      wh.exec(
        `UPDATE fact_search AS f SET search_volume = k.search_volume
         FROM dim_keyword k WHERE k.keyword_id = f.keyword_id AND k.group_id = f.group_id`,
      ),
  },
  {
    table: 'fact_ad_daily',
    column: 'buy_box_lost',
    definition: 'SMALLINT DEFAULT 0',
    fill: async (wh) => {
      const groups = await wh.query<{ g: number }>('SELECT DISTINCT group_id AS g FROM fact_ad_daily');
      for (const { g } of groups) await deriveBuyBoxLost(wh, g);
    },
  },
  // The advertised product's own organic rank; organic_first_page moved from the brand to the
  // product with it (adShelfFlags.ts), so a warehouse without the column re-derives every flag.
  {
    table: 'fact_ad_daily',
    column: 'organic_rank',
    definition: 'SMALLINT DEFAULT 0',
    fill: async (wh) => {
      const groups = await wh.query<{ g: number }>('SELECT DISTINCT group_id AS g FROM fact_ad_daily');
      for (const { g } of groups) await deriveAdShelfFlags(wh, g);
    },
  },
];

export async function addMissingColumns(wh: Warehouse): Promise<void> {
  const present = new Set(
    (
      await wh.query<{ t: string; c: string }>(
        `SELECT table_name AS t, column_name AS c FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name IN (${[...new Set(ADDED_COLUMNS.map((a) => `'${a.table}'`))].join(', ')})`,
      )
    ).map((r) => `${r.t}.${r.c}`),
  );
  for (const added of ADDED_COLUMNS) {
    if (present.has(`${added.table}.${added.column}`)) continue;
    await wh.exec(`ALTER TABLE ${added.table} ADD COLUMN ${added.column} ${added.definition}`);
    await added.fill?.(wh);
  }
}
