/**
 * Views over the facts that a dataset reads like a table. Each names its columns, so config
 * checks know them without a running warehouse (tableColumns.ts) and both dialects take the DDL.
 */
export interface WarehouseView {
  name: string;
  columns: readonly string[];
  select: string;
  /**
   * The same view over each rollup of the fact table it reads (PostgreSQL: rollups/rollupViews.ts):
   * `select` over a rollup table with its columns, which the view's own columns follow. A dataset
   * reading the view then reads one of these where it answers, as one reading a fact table reads
   * a rollup.
   */
  overRollups?: {
    fact: string;
    select: (table: string, columns: readonly string[]) => string;
    /** The columns `select` adds after the rollup's. */
    added: readonly string[];
  };
}

/** The price rows' columns the competitor view carries, in its column order. */
const PRICE_ROW_COLUMNS = [
  'group_id',
  'crawl_date',
  'channel_id',
  'city_id',
  'product_id',
  'brand_id',
  'category_id',
  'is_competitor',
  'mrp',
  'selling_price',
  'discount_pct',
  'variation_pct',
  'violation_type',
] as const;

/** The own product each competitor price row is paired with. */
const OWN_PRODUCT_COLUMNS = [
  'own_product_id',
  'own_sku_name',
  // Last, so CREATE OR REPLACE VIEW on PostgreSQL accepts it over the older view: two own
  // products may share a name, and the grid tells them apart by their code.
  'own_sku_code',
];

/**
 * Competitor price rows from `table` (fact_price or a rollup of it, with `columns` of it), each
 * paired with the own product it is mapped to, then own products' rows paired with themselves.
 */
function competitorPriceSelect(table: string, columns: readonly string[]): string {
  const rows = columns.map((c) => `f.${c}`).join(', ');
  return `SELECT ${rows}, c.product_id, op.sku_name, op.sku_code
      FROM dim_product_competitor c
      JOIN dim_product op ON op.product_id = c.product_id AND op.group_id = c.group_id
      JOIN ${table} f ON f.group_id = c.group_id AND f.product_id = c.competitor_product_id
      UNION ALL
      SELECT ${rows}, f.product_id, p.sku_name, p.sku_code
      FROM ${table} f
      JOIN dim_product p ON p.product_id = f.product_id AND p.group_id = f.group_id
      WHERE f.is_competitor = 0`;
}

export const WAREHOUSE_VIEWS: readonly WarehouseView[] = [
  {
    // A competitor product's price observations, each next to the own product it is mapped to
    // (dim_product_competitor): the Competitors screen pairs them. An observation of a competitor
    // mapped to two own products appears once per pairing. The own product's price on the same
    // day, channel and city is not joined in: that self-join of fact_price took the screen's
    // queries from ~20 ms to seconds on the large tenant (npm run bench).
    // Own products' observations follow once each, paired with themselves, so own and
    // competitor brands compare on one screen.
    name: 'v_competitor_price',
    columns: [...PRICE_ROW_COLUMNS, ...OWN_PRODUCT_COLUMNS],
    select: competitorPriceSelect('fact_price', PRICE_ROW_COLUMNS),
    // Over fact_price's rollups the same pairs hold their rows' counts and sums: the Competitors
    // screen's tiles and grids read 8x fewer rows where no city is asked for.
    overRollups: { fact: 'fact_price', select: competitorPriceSelect, added: OWN_PRODUCT_COLUMNS },
  },
  {
    // Sales as an analyst reads them: a brand's reported figures (channel sales uploads,
    // is_estimate = 0) replace the estimate of the same product, channel and day instead of
    // adding to it, so Units and Revenue never count one day's sales twice. Which estimates are
    // replaced is stored (fact_sales.is_superseded, salesSuperseded.ts): the NOT EXISTS it
    // replaces cost ~25x the plain scan on the large tenant.
    name: 'v_sales',
    columns: [
      'group_id',
      'sale_date',
      'channel_id',
      'product_id',
      'brand_id',
      'category_id',
      'is_competitor',
      'units',
      'revenue',
      'is_estimate',
    ],
    select: `SELECT s.group_id, s.sale_date, s.channel_id, s.product_id, s.brand_id, s.category_id,
        s.is_competitor, s.units, s.revenue, s.is_estimate
      FROM fact_sales s
      WHERE s.is_superseded = 0`,
  },
];

/**
 * CREATE OR REPLACE keeps a start atomic for servers sharing a warehouse; PostgreSQL refuses to
 * rename or drop a view's columns that way, so such a change must DROP the view first.
 */
export const VIEWS_DDL: readonly string[] = WAREHOUSE_VIEWS.map(
  (v) => `CREATE OR REPLACE VIEW ${v.name} (${v.columns.join(', ')}) AS ${v.select}`,
);
