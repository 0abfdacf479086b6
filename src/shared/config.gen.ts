/* generated — do not edit; run `npm run gen` (source: schemas/*.schema.json) */

/**
 * Version of the config language the file is written in (2; version 1 files are migrated on read); a change to the language ships a migration.
 */
export type SchemaVersion = 1 | 2;
/**
 * What raises a case, and how its opportunity is computed.
 */
export type CaseCondition =
  | StockOutSalesDownCondition
  | BuyBoxLostCondition
  | PriceViolationAdSpendCondition
  | Page1DropCondition
  | ContentDropCondition
  | LowStarReviewsCondition;
/**
 * A dimension of a dataset.
 */
export type DimensionNode = ColumnDimension | MappedDimension;
/**
 * Type of a dimension's values: request values are parsed and checked against it.
 */
export type DimensionType = 'integer' | 'string' | 'date' | 'boolean';
/**
 * A status vocabulary of the spec (code -> label), shown as chips.
 */
export type StatusVocabulary =
  | 'favourite'
  | 'stock'
  | 'promoOffer'
  | 'promotion'
  | 'violationType'
  | 'detection'
  | 'reportDelivery'
  | 'processStatus'
  | 'mailer'
  | 'activeStatus'
  | 'partitioning'
  | 'archive'
  | 'ownership'
  | 'mappingStatus'
  | 'sellerAuthorisation'
  | 'slotType';
/**
 * A measure of a dataset.
 */
export type MeasureNode =
  | CountMeasure
  | ColumnAggregateMeasure
  | CountIfMeasure
  | CountDistinctIfMeasure
  | SumIfMeasure
  | RatioMeasure
  | EntityDayShareMeasure
  | RankWeightMeasure
  | ShareOfTotalMeasure
  | LostSalesMeasure;
/**
 * How a number or date is shown: short (k/m/b/t/q, one decimal), plain (two decimals), integer, currency (user's currency), percent, date (DD-MMM-YYYY), monthYear (MMM 'YY), text.
 */
export type ValueFormat =
  'short' | 'plain' | 'integer' | 'currency' | 'percent' | 'date' | 'monthYear' | 'text';
/**
 * Crawl type whose last crawl date the screen's dates follow (spec section 9).
 */
export type CrawlType = 'product' | 'category' | 'keyword' | 'best_seller';
/**
 * A date preset of the spec's date picker.
 */
export type DatePresetName =
  | 'all'
  | 'today'
  | 'yesterday'
  | 'last_7_days'
  | 'last_15_days'
  | 'last_month'
  | 'last_3_month'
  | 'last_6_month'
  | 'last_1_year'
  | 'custom_range'
  | 'month_range'
  | 'single_alone';
/**
 * A filter of a screen's filter bar.
 */
export type FilterNode =
  | MultiSelectFilter
  | SingleSelectFilter
  | RadioFilter
  | CheckboxGroupFilter
  | TypeaheadFilter
  | DatePresetFilter
  | MonthRangeFilter
  | RankInputFilter
  | ToggleFilter;
/**
 * Sort direction.
 */
export type SortOrder = 'asc' | 'desc';
/**
 * A widget of a screen.
 */
export type WidgetNode =
  | KpiTilesWidget
  | GridWidget
  | ChartWidget
  | FormWidget
  | ActionsWidget
  | UploadPanelWidget
  | OverlayWidget
  | ReportCenterWidget
  | AlertCenterWidget
  | SlideDeckWidget;
/**
 * A column of a grid; its kind is its format.
 */
export type GridColumnNode =
  ValueColumn | StatusColumn | LinkColumn | ImageColumn | SparklineColumn | ChangeColumn;
/**
 * A row action, upload or download.
 */
export type ActionNode = RowAction | UploadAction | DownloadAction;
/**
 * A layout node: row or section.
 */
export type LayoutNode = LayoutRow | LayoutSection;

export interface ShelfscopeConfigFiles {
  area?: AreaConfig;
  caseRule?: CaseRuleConfig;
  dataset?: DatasetConfig;
  screen?: ScreenConfig;
  shared?: SharedConfig;
  slideView?: SlideViewConfig;
}
/**
 * An area of the workspace: menu entry and its submenu tabs.
 */
export interface AreaConfig {
  /**
   * Optional path of this JSON Schema, for editors.
   */
  $schema?: string;
  schemaVersion: SchemaVersion;
  /**
   * Node kind: always 'area'.
   */
  kind: 'area';
  /**
   * Area id; equals the folder name.
   */
  id: string;
  /**
   * Menu label.
   */
  label: string;
  /**
   * Menu icon class.
   */
  icon?: string;
  /**
   * Position in the menu (ascending).
   */
  order?: number;
  /**
   * Area whose screens this one shows again (a variant, e.g. advertising_beta of advertising): a tab without a screen file in this folder is the base area's screen of that id, under this area's address and activity (area/id). Its data calls use the base screen's endpoints and name the screen they come from in screenName. The base must not itself extend another area.
   */
  extends?: string;
  /**
   * Screen ids shown as submenu tabs, in order.
   *
   * @minItems 1
   *
   * Items: An area or screen id as it appears in the URL: letters, digits, underscores and dashes.
   */
  tabs: string[];
}
/**
 * A case kind of the action inbox (screens/cases/<id>.case.json): a condition the engine evaluates per group after every warehouse load, each hit a case with an opportunity in rupees (docs/metrics.md, Action inbox).
 */
export interface CaseRuleConfig {
  /**
   * Optional path of this JSON Schema, for editors.
   */
  $schema?: string;
  schemaVersion: SchemaVersion;
  /**
   * Node kind: always 'caseRule'.
   */
  kind: 'caseRule';
  /**
   * Case kind id; the file name <id>.case.json gives it.
   */
  id?: string;
  /**
   * Name of the case kind on the inbox and in the e-mail.
   */
  label: string;
  /**
   * What the case means and what to do about it.
   */
  description?: string;
  /**
   * false: not evaluated, and its open cases close at the next load; default true.
   */
  enabled?: boolean;
  when: CaseCondition;
}
/**
 * An own listing out of stock on at least `outDays` days of the window in a city while its units sold in the window fell at least `salesDropPct` % against the window before. Opportunity: its lost sales in that city over the window (the lost-sales measure named by `lostSales`, the stock tiles' figure).
 */
export interface StockOutSalesDownCondition {
  /**
   * Condition kind: stockOutSalesDown.
   */
  kind: 'stockOutSalesDown';
  /**
   * Fewest days of the window out of stock in the city; default 2.
   */
  outDays?: number;
  /**
   * Least fall of units sold, window against the window before, in %; default 10.
   */
  salesDropPct?: number;
  /**
   * Days of "this week": the window ending on the newest day of the rule's facts; default 7.
   */
  windowDays?: number;
  lostSales: CaseMeasureRef;
}
/**
 * A lostSales measure of a dataset whose figure is the opportunity (its model names the lost-sales table).
 */
export interface CaseMeasureRef {
  /**
   * Dataset id.
   */
  dataset: string;
  /**
   * Measure id of kind lostSales in that dataset.
   */
  measure: string;
}
/**
 * An own listing whose authorised buy-box share (days an authorised seller held it) fell at least `points` against the window before, while an unauthorised seller holds it on the newest day. Opportunity: days of the window an unauthorised seller held it x the listing's average daily revenue over the `historyDays` before the window.
 */
export interface BuyBoxLostCondition {
  /**
   * Condition kind: buyBoxLost.
   */
  kind: 'buyBoxLost';
  /**
   * Least fall of the authorised buy-box share, in points; default 10.
   */
  points?: number;
  /**
   * Days of "this week": the window ending on the newest day of the rule's facts; default 7.
   */
  windowDays?: number;
  /**
   * Days before the window whose revenue gives the daily revenue; default 28.
   */
  historyDays?: number;
}
/**
 * An own listing in price violation (below the rule minimum, above the maximum or above MRP) in any city on the newest price day while it had ad spend in the window. Opportunity: that ad spend (money paid to send shoppers to a wrong price).
 */
export interface PriceViolationAdSpendCondition {
  /**
   * Condition kind: priceViolationAdSpend.
   */
  kind: 'priceViolationAdSpend';
  /**
   * Days of "this week": the window ending on the newest day of the rule's facts; default 7.
   */
  windowDays?: number;
}
/**
 * An own listing on page 1 for a keyword with known search volume on every day the keyword was searched in the window before the newest day, and not on page 1 on the newest. Opportunity: the keyword's searches in a window (monthly volume x windowDays / 30) x `salesPerSearch` x the listing's average selling price.
 */
export interface Page1DropCondition {
  /**
   * Condition kind: page1Drop.
   */
  kind: 'page1Drop';
  /**
   * Least monthly search volume of the keyword; default 1 (known volume).
   */
  minSearchVolume?: number;
  /**
   * Units sold per search that page 1 brings (an assumption stated in docs/metrics.md); default 0.01.
   */
  salesPerSearch?: number;
  /**
   * Days of "this week": the window ending on the newest day of the rule's facts; default 7.
   */
  windowDays?: number;
}
/**
 * A listing among the group's `topProducts` own listings by revenue over the window whose content score on the newest day is at least `points` below its score `windowDays` before. Opportunity: the listing's revenue over the window x points lost / 100.
 */
export interface ContentDropCondition {
  /**
   * Condition kind: contentDrop.
   */
  kind: 'contentDrop';
  /**
   * Least fall of the content score, in points; default 10.
   */
  points?: number;
  /**
   * How many own listings, by revenue over the window, count as top revenue; default 20.
   */
  topProducts?: number;
  /**
   * Days of "this week": the window ending on the newest day of the rule's facts; default 7.
   */
  windowDays?: number;
}
/**
 * An own listing whose reviews of `maxStars` stars or fewer in the window outnumber the median of the same count over the four windows before (28 days). Opportunity: the listing's revenue over the window x the excess reviews / all its reviews in the window and the four before.
 */
export interface LowStarReviewsCondition {
  /**
   * Condition kind: lowStarReviews.
   */
  kind: 'lowStarReviews';
  /**
   * Highest star rating counted as low; default 2.
   */
  maxStars?: number;
  /**
   * Days of "this week": the window ending on the newest day of the rule's facts; default 7.
   */
  windowDays?: number;
}
/**
 * A semantic model over one warehouse fact table: its tenant and date columns, the dimensions screens filter and group by, and the measures they show.
 */
export interface DatasetConfig {
  /**
   * Optional path of this JSON Schema, for editors.
   */
  $schema?: string;
  schemaVersion: SchemaVersion;
  /**
   * Node kind: always 'dataset'.
   */
  kind: 'dataset';
  /**
   * Dataset id; equals the file name <id>.dataset.json.
   */
  id: string;
  /**
   * Human name of the dataset.
   */
  label: string;
  /**
   * What one row of the fact table is.
   */
  description?: string;
  /**
   * Fact table in the warehouse.
   */
  table: string;
  /**
   * DATE column that start_date/end_date filter.
   */
  dateColumn: string;
  /**
   * DATE column holding, on each row, the date of the previous row of its unit (the grain without the date column): 0001-01-01 on the unit's first row, NULL where not known (not derived yet, or no row in the month a load looks back) and where the row's `grainAttributes` differ from that previous row's. Needs `grain`. Lets the compiler count a day share's units on PostgreSQL as the rows that are their unit's first in the period (a filtered count) instead of grouping every row by unit, when the query's keys and filters are unit columns or `grainAttributes`; a period holding a NULL is answered by grouping.
   */
  grainPreviousDate?: string;
  /**
   * Columns copied onto each row from its unit's master data (a product's brand, category), which a unit's rows share unless that data changed: `grainPreviousDate` is NULL on a row whose values of these differ from its unit's previous row. Query keys and filters on them may then use the first-rows count, as on unit columns. Needs `grainPreviousDate`; a column left out is only answered by grouping.
   *
   * Items: A table or column name of the warehouse: lower-case letters, digits and underscores. Only config supplies these; never a request.
   */
  grainAttributes?: string[];
  /**
   * Columns that identify one fact row: no two rows of a tenant share their values and none is NULL (e.g. product, channel, city and crawl date). Lets the compiler aggregate a day share in one pass when its unit and the date column are the grain; a wrong grain gives wrong numbers.
   *
   * @minItems 1
   *
   * Items: A table or column name of the warehouse: lower-case letters, digits and underscores. Only config supplies these; never a request.
   */
  grain?: string[];
  explain?: DatasetExplain;
  /**
   * Its rows are crawled pages, one per listing (product_id x channel_id), city_id and day: its KPI tiles show a confidence mark (GET /api/v1/insights/confidence): pages expected (rows loaded + pages the crawl missed) against rows loaded for the tile's period and filters, pages blocked (bot wall, captcha) or failed, excluded and counted as missing, and the last successful load (docs/metrics.md, Confidence). Needs the column dimensions product_id, channel_id and city_id.
   */
  coverage?: 'crawl';
  stockoutWarning?: DatasetStockoutWarning;
  drill?: DatasetDrill;
  /**
   * What screens may filter, group and sort by.
   *
   * @minItems 1
   */
  dimensions: DimensionNode[];
  /**
   * Aggregates screens may show, from a safe vocabulary.
   *
   * @minItems 1
   */
  measures: MeasureNode[];
  /**
   * PostgreSQL warehouses only: narrower copies of the fact table, one row per distinct value of `columns` (with the tenant and date columns) counting the fact rows it stands for, kept in step with the facts by triggers on every insert, update, delete and truncate. A screen query whose group keys, filters and measures read only these columns is answered from the smallest such rollup, with the same numbers (DuckDB reads the facts: it groups them fast enough).
   */
  rollups?: {
    /**
     * Names the rollup table: rollup_<fact table>_<id>.
     */
    id: string;
    /**
     * What the rollup serves, for whoever tunes the warehouse.
     */
    description?: string;
    /**
     * Fact columns kept as keys (NOT NULL columns, or the dataset's grainPreviousDate: its NULLs are kept as one key). The tenant and date columns are always kept.
     *
     * @minItems 1
     */
    columns: string[];
    /**
     * Numeric fact columns kept as their sum and count of values per rollup row, so sum and avg measures of them can read the rollup.
     */
    sums?: string[];
  }[];
}
/**
 * "Why it moved" (GET /api/v1/insights/explain): which dimensions a change of this dataset's measures may be split over, and which revenue measures split into price and volume. Counts and sums split per member, ratios into rate and mix (docs/metrics.md).
 */
export interface DatasetExplain {
  /**
   * Column dimension ids a change may be split over, e.g. channel_id, city_id, brand_id.
   *
   * @minItems 1
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  dimensions: string[];
  /**
   * Revenue measure id -> its volume measure id (e.g. { "revenue": "units" }): the revenue splits into a price and a volume effect per member (log-mean Divisia).
   */
  priceVolume?: {
    /**
     * A config id: letters, digits and underscores, starting with a letter.
     */
    [k: string]: string | undefined;
  };
}
/**
 * Quick-commerce stock-out early warning (GET /api/v1/insights/stockout-warnings/{area}/{screen}; docs/metrics.md, Stock-out early warning): per listing and city with dark-store data, the Theil-Sen slope of its dark-store share over its last `days` crawl days projects the days until the share reaches 0; a listing-city due within `warnWithinDays` is warned, ranked by its baseline rupees a day (the lost-sales baseline x median in-stock price).
 */
export interface DatasetStockoutWarning {
  /**
   * A lostSales measure of this dataset whose stock table is the dataset's own: its model names the status, dark-store share and stores columns, and its listing-day table gives the baseline and price.
   */
  lostSales: string;
  /**
   * Crawl days the slope is fitted over (the latest up to the period's end).
   */
  days?: number;
  /**
   * Warn when the projected days until the share reaches 0 are at most this.
   */
  warnWithinDays?: number;
}
/**
 * The rows a KPI tile's 'View rows' lists (GET /api/v1/insights/drill): each row groups the fact rows of one value of `rows`, and shows the tile's figures over them, so the rows add up to the tile. Default rows: the grain without the date column, else the explain dimensions.
 */
export interface DatasetDrill {
  /**
   * Column dimension ids one drill row stands for, e.g. ["channel_id", "city_id", "product_id"] for a listing.
   *
   * @minItems 1
   * @maxItems 8
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  rows?: string[];
  /**
   * What one drill row is, plural, e.g. 'listings'; default the rows' dimension labels.
   */
  rowNoun?: string;
  /**
   * What one fact row is, plural, e.g. 'observations (listing x day)': the unit a count tile counts, named when the rows group several.
   */
  factNoun?: string;
}
/**
 * A dimension stored as a column of the fact table.
 */
export interface ColumnDimension {
  /**
   * Node kind: a fact-table column.
   */
  kind: 'column';
  /**
   * Dimension id: the request parameter and output field name.
   */
  id: string;
  /**
   * Column of the fact table.
   */
  column: string;
  type: DimensionType;
  /**
   * Human name (filter label, column header).
   */
  label: string;
  /**
   * What the dimension means, shown on hover.
   */
  description?: string;
  vocabulary?: StatusVocabulary;
  lookup?: DimensionLookup;
  /**
   * Makes a filter on this dimension select entities, not rows: the entities (these fact columns, e.g. product, channel and city) whose value on the last date of the period is one chosen, with all their rows of the period (e.g. listings out of stock on the last crawl, with their real availability). Without it a filter keeps the rows with the value.
   *
   * @minItems 1
   *
   * Items: A table or column name of the warehouse: lower-case letters, digits and underscores. Only config supplies these; never a request.
   */
  filterAtLastCrawlOf?: string[];
}
/**
 * A dimension table giving labels (and search) to a dimension's keys.
 */
export interface DimensionLookup {
  /**
   * Dimension table, e.g. dim_brand.
   */
  table: string;
  /**
   * Key column of the dimension table matching the dimension's values.
   */
  key: string;
  /**
   * Column with the display name; also the output field name of the label in rows.
   */
  labelColumn: string;
  /**
   * Column a suggestion prefix search matches; defaults to labelColumn.
   */
  searchColumn?: string;
  /**
   * Further columns of the dimension table returned with grouped rows (e.g. sku_code, image_url).
   *
   * Items: A table or column name of the warehouse: lower-case letters, digits and underscores. Only config supplies these; never a request.
   */
  attributes?: string[];
}
/**
 * A filter-only dimension that a dimension table maps onto another dimension (label category -> category ids, city zone -> city ids), per the spec's query merging.
 */
export interface MappedDimension {
  /**
   * Node kind: mapped onto another dimension.
   */
  kind: 'mapped';
  /**
   * Dimension id: the request parameter name.
   */
  id: string;
  type: DimensionType;
  /**
   * Human name.
   */
  label: string;
  /**
   * What the dimension means.
   */
  description?: string;
  /**
   * Id of the column dimension the selected values translate into.
   */
  into: string;
  /**
   * Dimension table holding both keys.
   */
  table: string;
  /**
   * Column of the table with the target dimension's keys (e.g. category_id).
   */
  key: string;
  /**
   * Column of the table with this dimension's keys (e.g. label_category_id).
   */
  column: string;
  /**
   * Column with the display name, for suggestions.
   */
  labelColumn?: string;
}
/**
 * Number of fact rows.
 */
export interface CountMeasure {
  /**
   * Node kind: COUNT(*).
   */
  kind: 'count';
  /**
   * Measure id: output field name and sort field.
   */
  id: string;
  /**
   * Human name (tile label, column header).
   */
  label: string;
  /**
   * The metric's definition, shown on hover.
   */
  description: string;
  format: ValueFormat;
  /**
   * What one of it is, in the words an analyst reads under the tile's figure, plural: listings, observations (listing × day), products, keywords, clicks. Money needs none (the user's currency names it); a percentage of a ratio whose denominator has a unit reads '% of <that unit>' unless it declares its own. Every KPI tile must resolve one (config check).
   */
  unit?: string;
  /**
   * Which way a change is good news, for colouring the change against the previous period: up (availability, sales), down (violations, price gaps) or neutral (default).
   */
  goodDirection?: 'up' | 'down' | 'neutral';
}
/**
 * An aggregate of one fact-table column.
 */
export interface ColumnAggregateMeasure {
  /**
   * Node kind: the aggregate function.
   */
  kind: 'countDistinct' | 'sum' | 'avg' | 'min' | 'max';
  /**
   * Fact-table column aggregated.
   */
  column: string;
  /**
   * Measure id: output field name and sort field.
   */
  id: string;
  /**
   * Human name (tile label, column header).
   */
  label: string;
  /**
   * The metric's definition, shown on hover.
   */
  description: string;
  format: ValueFormat;
  /**
   * What one of it is, in the words an analyst reads under the tile's figure, plural: listings, observations (listing × day), products, keywords, clicks. Money needs none (the user's currency names it); a percentage of a ratio whose denominator has a unit reads '% of <that unit>' unless it declares its own. Every KPI tile must resolve one (config check).
   */
  unit?: string;
  /**
   * Which way a change is good news, for colouring the change against the previous period: up (availability, sales), down (violations, price gaps) or neutral (default).
   */
  goodDirection?: 'up' | 'down' | 'neutral';
}
/**
 * Number of fact rows meeting a condition.
 */
export interface CountIfMeasure {
  /**
   * Node kind: conditional count.
   */
  kind: 'countIf';
  where: MeasureCondition;
  /**
   * Measure id: output field name and sort field.
   */
  id: string;
  /**
   * Human name (tile label, column header).
   */
  label: string;
  /**
   * The metric's definition, shown on hover.
   */
  description: string;
  format: ValueFormat;
  /**
   * What one of it is, in the words an analyst reads under the tile's figure, plural: listings, observations (listing × day), products, keywords, clicks. Money needs none (the user's currency names it); a percentage of a ratio whose denominator has a unit reads '% of <that unit>' unless it declares its own. Every KPI tile must resolve one (config check).
   */
  unit?: string;
  /**
   * Which way a change is good news, for colouring the change against the previous period: up (availability, sales), down (violations, price gaps) or neutral (default).
   */
  goodDirection?: 'up' | 'down' | 'neutral';
}
/**
 * A condition on a fact-table column: equals one value, is in a list, is at least a number, or is at most a look-up attribute; `and` adds conditions on other columns that must hold as well.
 */
export interface MeasureCondition {
  /**
   * Fact-table column tested.
   */
  column: string;
  /**
   * The value the column must equal.
   */
  equals?: string | number | boolean;
  /**
   * Values the column must be one of.
   *
   * @minItems 1
   *
   * Items: A constant value in config: a string, number or boolean.
   */
  in?: (string | number | boolean)[];
  /**
   * The smallest value the column may have (column >= atLeast), e.g. a rating threshold.
   */
  atLeast?: number;
  /**
   * The column must be at most the row's value of a look-up attribute of a dimension (column <= attribute), e.g. a listing's rank at most its category's rank threshold (catg/threshold); a row without that look-up row does not meet it.
   */
  atMostLookup?: {
    /**
     * Id of a column dimension of the dataset with a lookup.
     */
    dimension: string;
    /**
     * One of that lookup's attributes (a column of its table).
     */
    attribute: string;
  };
  /**
   * Further conditions, each of which must hold too (e.g. at least 4.0 stars and at least 50 reviews).
   *
   * @minItems 1
   */
  and?: MeasureCondition[];
}
/**
 * Number of distinct values of a column among the fact rows meeting a condition (e.g. SKUs with a violation).
 */
export interface CountDistinctIfMeasure {
  /**
   * Node kind: conditional distinct count.
   */
  kind: 'countDistinctIf';
  /**
   * Fact-table column whose distinct values are counted.
   */
  column: string;
  where: MeasureCondition;
  /**
   * Measure id: output field name and sort field.
   */
  id: string;
  /**
   * Human name (tile label, column header).
   */
  label: string;
  /**
   * The metric's definition, shown on hover.
   */
  description: string;
  format: ValueFormat;
  /**
   * What one of it is, in the words an analyst reads under the tile's figure, plural: listings, observations (listing × day), products, keywords, clicks. Money needs none (the user's currency names it); a percentage of a ratio whose denominator has a unit reads '% of <that unit>' unless it declares its own. Every KPI tile must resolve one (config check).
   */
  unit?: string;
  /**
   * Which way a change is good news, for colouring the change against the previous period: up (availability, sales), down (violations, price gaps) or neutral (default).
   */
  goodDirection?: 'up' | 'down' | 'neutral';
}
/**
 * Sum of a column over the fact rows meeting a condition (e.g. the search volume of keywords where own brands hold the slot).
 */
export interface SumIfMeasure {
  /**
   * Node kind: conditional sum.
   */
  kind: 'sumIf';
  /**
   * Numeric fact-table column summed.
   */
  column: string;
  where: MeasureCondition;
  /**
   * Measure id: output field name and sort field.
   */
  id: string;
  /**
   * Human name (tile label, column header).
   */
  label: string;
  /**
   * The metric's definition, shown on hover.
   */
  description: string;
  format: ValueFormat;
  /**
   * What one of it is, in the words an analyst reads under the tile's figure, plural: listings, observations (listing × day), products, keywords, clicks. Money needs none (the user's currency names it); a percentage of a ratio whose denominator has a unit reads '% of <that unit>' unless it declares its own. Every KPI tile must resolve one (config check).
   */
  unit?: string;
  /**
   * Which way a change is good news, for colouring the change against the previous period: up (availability, sales), down (violations, price gaps) or neutral (default).
   */
  goodDirection?: 'up' | 'down' | 'neutral';
}
/**
 * numerator / denominator x scale, of two other measures of the dataset (computed from the sums, never an average of ratios).
 */
export interface RatioMeasure {
  /**
   * Node kind: ratio of two measures.
   */
  kind: 'ratio';
  /**
   * Measure id of the numerator.
   */
  numerator: string;
  /**
   * Measure id of the denominator; zero gives null.
   */
  denominator: string;
  /**
   * Multiplier, e.g. 100 for a percentage. Default 1.
   */
  scale?: number;
  /**
   * The two sides come from sources that end on different days (rows of one view from two tables): the ratio divides sums over only the days of the period both sources have rows on (the group's rows, whatever the other filters), so it never divides 7 days by 6. Rows carry `<id>__days_from`/`<id>__days_to` and each side's last day (`<id>__numerator_last`, `<id>__denominator_last`); the tile's hint names them.
   */
  commonDays?: {
    numerator: MeasureCondition;
    denominator: MeasureCondition;
  };
  /**
   * Measure id: output field name and sort field.
   */
  id: string;
  /**
   * Human name (tile label, column header).
   */
  label: string;
  /**
   * The metric's definition, shown on hover.
   */
  description: string;
  format: ValueFormat;
  /**
   * What one of it is, in the words an analyst reads under the tile's figure, plural: listings, observations (listing × day), products, keywords, clicks. Money needs none (the user's currency names it); a percentage of a ratio whose denominator has a unit reads '% of <that unit>' unless it declares its own. Every KPI tile must resolve one (config check).
   */
  unit?: string;
  /**
   * Which way a change is good news, for colouring the change against the previous period: up (availability, sales), down (violations, price gaps) or neutral (default).
   */
  goodDirection?: 'up' | 'down' | 'neutral';
}
/**
 * Per entity (e.g. a product in one channel and city), the share of days in the period meeting a condition, averaged over entities: aggregated per entity first, never 'a day when any entity met it'.
 */
export interface EntityDayShareMeasure {
  /**
   * Node kind: per-entity share of days.
   */
  kind: 'entityDayShare';
  /**
   * Integer column dimensions that together name the observed unit the share is computed per, e.g. product, channel and city: a product listed in 12 cities has 12 units, each with its own days.
   *
   * @minItems 1
   * @maxItems 4
   *
   * Items: Integer column dimension that is part of the observed unit.
   */
  entity: string[];
  where: MeasureCondition;
  /**
   * Multiplier, e.g. 100 for a percentage. Default 1.
   */
  scale?: number;
  /**
   * Measure id: output field name and sort field.
   */
  id: string;
  /**
   * Human name (tile label, column header).
   */
  label: string;
  /**
   * The metric's definition, shown on hover.
   */
  description: string;
  format: ValueFormat;
  /**
   * What one of it is, in the words an analyst reads under the tile's figure, plural: listings, observations (listing × day), products, keywords, clicks. Money needs none (the user's currency names it); a percentage of a ratio whose denominator has a unit reads '% of <that unit>' unless it declares its own. Every KPI tile must resolve one (config check).
   */
  unit?: string;
  /**
   * Which way a change is good news, for colouring the change against the previous period: up (availability, sales), down (violations, price gaps) or neutral (default).
   */
  goodDirection?: 'up' | 'down' | 'neutral';
}
/**
 * Sum of position weights: a position p within the top N weighs N + 1 - p, positions beyond N weigh 0 (position-weighted share of search).
 */
export interface RankWeightMeasure {
  /**
   * Node kind: sum of position weights.
   */
  kind: 'rankWeight';
  /**
   * Fact-table column holding the 1-based position.
   */
  column: string;
  /**
   * N: positions 1..N carry weight.
   */
  top: number;
  where?: MeasureCondition;
  /**
   * Measure id: output field name and sort field.
   */
  id: string;
  /**
   * Human name (tile label, column header).
   */
  label: string;
  /**
   * The metric's definition, shown on hover.
   */
  description: string;
  format: ValueFormat;
  /**
   * What one of it is, in the words an analyst reads under the tile's figure, plural: listings, observations (listing × day), products, keywords, clicks. Money needs none (the user's currency names it); a percentage of a ratio whose denominator has a unit reads '% of <that unit>' unless it declares its own. Every KPI tile must resolve one (config check).
   */
  unit?: string;
  /**
   * Which way a change is good news, for colouring the change against the previous period: up (availability, sales), down (violations, price gaps) or neutral (default).
   */
  goodDirection?: 'up' | 'down' | 'neutral';
}
/**
 * A measure of each grouped row over its sum across all rows of the query (before paging) x scale: e.g. a brand's slots / all slots in the selection (share of search per brand). A query without groupBy gives 100%.
 */
export interface ShareOfTotalMeasure {
  /**
   * Node kind: share of the query's total.
   */
  kind: 'shareOfTotal';
  /**
   * Measure id whose share is taken (not a ratio or another share).
   */
  of: string;
  /**
   * Multiplier, e.g. 100 for a percentage. Default 1.
   */
  scale?: number;
  /**
   * Measure id: output field name and sort field.
   */
  id: string;
  /**
   * Human name (tile label, column header).
   */
  label: string;
  /**
   * The metric's definition, shown on hover.
   */
  description: string;
  format: ValueFormat;
  /**
   * What one of it is, in the words an analyst reads under the tile's figure, plural: listings, observations (listing × day), products, keywords, clicks. Money needs none (the user's currency names it); a percentage of a ratio whose denominator has a unit reads '% of <that unit>' unless it declares its own. Every KPI tile must resolve one (config check).
   */
  unit?: string;
  /**
   * Which way a change is good news, for colouring the change against the previous period: up (availability, sales), down (violations, price gaps) or neutral (default).
   */
  goodDirection?: 'up' | 'down' | 'neutral';
}
/**
 * Sales lost to stock-outs (docs/metrics.md, Lost sales): per listing and day, baseline units a day (the median of its sales over its last fully available days, same weekday when 3 exist) x exposure (the demand-weighted share of its cities out of stock; on quick commerce the missing share of dark stores); rupees at its median in-stock selling price. On the stock table itself each city row carries its city's part; on another table (sales) each listing-day row the whole. A listing-day without 3 fully available days has no figure.
 */
export interface LostSalesMeasure {
  /**
   * Node kind: sales lost to stock-outs.
   */
  kind: 'lostSales';
  /**
   * rupees: lost units x price; units: baseline x exposure; outDays: exposure summed over the listing-days that have a baseline (days fully out); unknownDays: exposure of the listing-days without enough history (not in units or rupees); weights: which city weights the exposure used (city demand, store counts, equal, or mixed; format text).
   */
  value: 'rupees' | 'units' | 'outDays' | 'unknownDays' | 'weights';
  model: LostSalesModel;
  /**
   * Measure id: output field name and sort field.
   */
  id: string;
  /**
   * Human name (tile label, column header).
   */
  label: string;
  /**
   * The metric's definition, shown on hover.
   */
  description: string;
  format: ValueFormat;
  /**
   * What one of it is, in the words an analyst reads under the tile's figure, plural: listings, observations (listing × day), products, keywords, clicks. Money needs none (the user's currency names it); a percentage of a ratio whose denominator has a unit reads '% of <that unit>' unless it declares its own. Every KPI tile must resolve one (config check).
   */
  unit?: string;
  /**
   * Which way a change is good news, for colouring the change against the previous period: up (availability, sales), down (violations, price gaps) or neutral (default).
   */
  goodDirection?: 'up' | 'down' | 'neutral';
  inputs?: MeasureInputs;
}
/**
 * Where a lost-sales measure reads stock, sales and prices (docs/metrics.md, Lost sales). Every table named carries the listing columns and the tenant key.
 */
export interface LostSalesModel {
  /**
   * Columns naming a listing in every table, e.g. product_id and channel_id: a baseline and a price are per listing.
   *
   * @minItems 1
   * @maxItems 3
   *
   * Items: A table or column name of the warehouse: lower-case letters, digits and underscores. Only config supplies these; never a request.
   */
  listing: string[];
  /**
   * City column of the stock table: exposure is a weighted share of a listing's cities.
   */
  city: string;
  /**
   * Stock observations: one row per listing, city and day.
   */
  stock: {
    /**
     * Table of the observations.
     */
    table: string;
    /**
     * Its day column.
     */
    dateColumn: string;
    /**
     * Stock status column: 1 in stock, anything else (out of stock, delisted) out.
     */
    status: string;
    /**
     * Share of the city's dark stores holding the listing (quick commerce; NULL elsewhere): out by 1 - share on an in-stock row.
     */
    storeShare: string;
    /**
     * Dark stores of the city (0 where none): the city's weight when no demand is known.
     */
    stores: string;
    /**
     * NOT NULL columns of the stock rows besides the listing and the city (brand, category, competitor flag) by which the listing-day totals are also kept: a query keyed or filtered by them sums the totals instead of joining every stock row. Each stock row's figure counts under its own values, so a listing-day whose rows differ stays exact.
     *
     * @maxItems 8
     *
     * Items: A table or column name of the warehouse: lower-case letters, digits and underscores. Only config supplies these; never a request.
     */
    attributes?: string[];
  };
  /**
   * Daily sales of a listing: the baseline's units.
   */
  sales: {
    /**
     * Table or view of the sales.
     */
    table: string;
    /**
     * Its day column.
     */
    dateColumn: string;
    /**
     * Units sold that day.
     */
    units: string;
  };
  /**
   * Observed selling prices per listing, city and day.
   */
  price: {
    /**
     * Table of the prices.
     */
    table: string;
    /**
     * Its day column.
     */
    dateColumn: string;
    /**
     * The selling price.
     */
    column: string;
  };
  /**
   * A city's share of demand, where known: the cities' weights instead of store counts.
   */
  cityDemand?: {
    /**
     * Table with one row per city (and tenant, where it has the tenant key).
     */
    table: string;
    /**
     * Demand weight of the city (any positive scale).
     */
    column: string;
  };
  /**
   * On quick commerce, the share of a city's dark stores at which the city counts as fully available for the baseline (default 0.8, as quick-commerce depth).
   */
  availableShare?: number;
  /**
   * Fully available days the baseline is the median of (default 28).
   */
  historyDays?: number;
  /**
   * Calendar days back the baseline's days are looked for (default 91).
   */
  lookbackDays?: number;
}
/**
 * Figures shown on hover beside the value, so that an analyst can recompute it (CONVENTIONS.md item 19): `product` are measures of the same query row whose values multiply to this one (`a x b x c = value`), `notes` further measures shown after them (e.g. the weights used). The query must list them all.
 */
export interface MeasureInputs {
  /**
   * Measure ids whose product is this measure's value, in the order shown.
   *
   * @minItems 2
   * @maxItems 4
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  product: string[];
  /**
   * Measure ids shown after the product, each as `label: value`.
   *
   * @maxItems 4
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  notes?: string[];
  /**
   * Shown in place of a missing value (no figure), e.g. "not enough history": a missing figure is never shown as 0.
   */
  missing?: string;
}
/**
 * A screen of an area: filters, data queries, widgets and their layout.
 */
export interface ScreenConfig {
  /**
   * Optional path of this JSON Schema, for editors.
   */
  $schema?: string;
  schemaVersion: SchemaVersion;
  /**
   * Node kind: always 'screen'.
   */
  kind: 'screen';
  /**
   * Area id; equals the folder name.
   */
  area: string;
  /**
   * Screen id; equals the file name <id>.screen.json.
   */
  id: string;
  /**
   * Tab and page title.
   */
  title: string;
  /**
   * Activity granting the screen: must be 'area/id'.
   */
  permission: string;
  crawlType?: CrawlType;
  /**
   * Dataset the queries run over; required when the screen has queries.
   */
  dataset?: string;
  /**
   * Rows per page of the screen's queries that neither their grid (pageSize) nor their query (limit) sizes; default 10.
   */
  pageSize?: number;
  dates?: ScreenDates;
  /**
   * Filter bar, in order.
   */
  filters?: FilterNode[];
  /**
   * Data calls; each is a generic GET endpoint.
   *
   * @minItems 1
   */
  queries?: ScreenQuery[];
  /**
   * Files the screen accepts (see upload.schema.json); its uploadPanel widgets refer to them by id.
   *
   * @minItems 1
   */
  uploads?: UploadDeclaration[];
  /**
   * Writes the screen's forms and actions run (see mutation.schema.json).
   *
   * @minItems 1
   */
  mutations?: MutationNode[];
  /**
   * KPI tiles show the previous period's value and the change (default true); false turns it off for every tile of the screen, a tile's own previousPeriod wins.
   */
  previousPeriod?: boolean;
  /**
   * Widgets (tiles, grids, charts, forms, actions).
   *
   * @minItems 1
   */
  widgets: WidgetNode[];
  /**
   * Order of the widgets on the page.
   *
   * @minItems 1
   */
  layout: LayoutNode[];
}
/**
 * The submenu date picker.
 */
export interface ScreenDates {
  /**
   * Presets offered, in order.
   *
   * @minItems 1
   */
  presets: DatePresetName[];
  default: DatePresetName;
  /**
   * Move the date to the last crawl date of the screen's crawl type when that is not today.
   */
  crawlLinked?: boolean;
}
/**
 * Dropdown with search choosing several values.
 */
export interface MultiSelectFilter {
  /**
   * Node kind: multiSelect.
   */
  kind: 'multiSelect';
  /**
   * Dataset dimension the filter restricts; also the request parameter name.
   */
  field: string;
  /**
   * Label shown in the filter bar and on selected-filter tags.
   */
  label: string;
  /**
   * Suggestion source feeding the options: GET /api/v1/suggestion/{source}.
   */
  source: string;
  /**
   * Ids (fields) of sibling filters whose selections narrow this filter's options; no cycles.
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  dependsOn?: string[];
  /**
   * Text shown while nothing is selected.
   */
  placeholder?: string;
  /**
   * Fewest selections allowed ('Can't be done (Min N selection required)').
   */
  minSelect?: number;
  /**
   * Most selections allowed ('Can't be done (Max N selections)').
   */
  maxSelect?: number;
  /**
   * Message shown instead of 'Can't be done (Max N selections)' when the spec gives one (products: 'You can select a maximum of 20 products at a time.').
   */
  maxSelectMessage?: string;
  linked?: FilterLink;
  /**
   * Sibling filter fields cleared whenever this filter changes (e.g. the self/competitor choice clears brand, category and label category).
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  clears?: string[];
  /**
   * Parameters the filter's suggestion calls carry when the call leaves them missing or empty (e.g. attr_type_id 0 for brands).
   */
  suggestionDefaults?: {
    /**
     * A constant value in config: a string, number or boolean.
     */
    [k: string]: string | number | boolean | undefined;
  };
}
/**
 * The ids each chosen value stands for (e.g. a label category's categories, a city zone's cities): kept in the filter state under `map`, sent as the request parameter `param`, which query merging adds to the `into` fields the request carries; removing the value's tag removes its ids from the first `into` field, and Clear all clears `map`.
 */
export interface FilterLink {
  /**
   * Filter-state key of the value -> ids map, e.g. label_category_ids (also carried in the URL).
   */
  map: string;
  /**
   * Request parameter the ids travel as before query merging, e.g. label_category.
   */
  param: string;
  /**
   * Fields the ids merge into, first the dimension whose tags they are (category_id), then any legacy ones (city).
   *
   * @minItems 1
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  into: string[];
  /**
   * Other request parameters merged into the same fields (e.g. mapped_category_id).
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  alsoMerges?: string[];
}
/**
 * Dropdown choosing one value.
 */
export interface SingleSelectFilter {
  /**
   * Node kind: singleSelect.
   */
  kind: 'singleSelect';
  /**
   * Dataset dimension the filter restricts; also the request parameter name.
   */
  field: string;
  /**
   * Label shown in the filter bar and on selected-filter tags.
   */
  label: string;
  /**
   * Suggestion source feeding the options: GET /api/v1/suggestion/{source}.
   */
  source?: string;
  /**
   * Fixed options, instead of a suggestion source.
   *
   * @minItems 1
   */
  options?: FilterOption[];
  /**
   * Ids (fields) of sibling filters whose selections narrow this filter's options; no cycles.
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  dependsOn?: string[];
  /**
   * Text shown while nothing is selected.
   */
  placeholder?: string;
  /**
   * Value selected by default.
   */
  default?: string | number | boolean;
  /**
   * Sibling filter fields cleared whenever this filter changes (e.g. the self/competitor choice clears brand, category and label category).
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  clears?: string[];
  /**
   * Parameters the filter's suggestion calls carry when the call leaves them missing or empty (e.g. attr_type_id 0 for brands).
   */
  suggestionDefaults?: {
    /**
     * A constant value in config: a string, number or boolean.
     */
    [k: string]: string | number | boolean | undefined;
  };
}
/**
 * A fixed option of a filter.
 */
export interface FilterOption {
  /**
   * Value sent in the request.
   */
  value: string | number | boolean;
  /**
   * Text shown.
   */
  label: string;
  /**
   * Sibling filters cleared when this option is chosen (self_comp clears brand and category).
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  clears?: string[];
}
/**
 * Radio buttons over fixed options.
 */
export interface RadioFilter {
  /**
   * Node kind: radio.
   */
  kind: 'radio';
  /**
   * Dataset dimension the filter restricts; also the request parameter name.
   */
  field: string;
  /**
   * Label shown in the filter bar and on selected-filter tags.
   */
  label: string;
  /**
   * Fixed options, instead of a suggestion source.
   *
   * @minItems 1
   */
  options: FilterOption[];
  /**
   * Value selected by default.
   */
  default?: string | number | boolean;
  /**
   * Sibling filter fields cleared whenever this filter changes (e.g. the self/competitor choice clears brand, category and label category).
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  clears?: string[];
}
/**
 * Checkboxes choosing several values; 7+ options collapse behind an ellipsis at widths <= 1199 px.
 */
export interface CheckboxGroupFilter {
  /**
   * Node kind: checkboxGroup.
   */
  kind: 'checkboxGroup';
  /**
   * Dataset dimension the filter restricts; also the request parameter name.
   */
  field: string;
  /**
   * Label shown in the filter bar and on selected-filter tags.
   */
  label: string;
  /**
   * Suggestion source feeding the options: GET /api/v1/suggestion/{source}.
   */
  source?: string;
  /**
   * Fixed options, instead of a suggestion source.
   *
   * @minItems 1
   */
  options?: FilterOption[];
  /**
   * Ids (fields) of sibling filters whose selections narrow this filter's options; no cycles.
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  dependsOn?: string[];
  /**
   * Parameters the filter's suggestion calls carry when the call leaves them missing or empty (e.g. attr_type_id 0 for brands).
   */
  suggestionDefaults?: {
    /**
     * A constant value in config: a string, number or boolean.
     */
    [k: string]: string | number | boolean | undefined;
  };
}
/**
 * Search box suggesting values as the user types (debounced).
 */
export interface TypeaheadFilter {
  /**
   * Node kind: typeahead.
   */
  kind: 'typeahead';
  /**
   * Dataset dimension the filter restricts; also the request parameter name.
   */
  field: string;
  /**
   * Label shown in the filter bar and on selected-filter tags.
   */
  label: string;
  /**
   * Suggestion source feeding the options: GET /api/v1/suggestion/{source}.
   */
  source: string;
  /**
   * Ids (fields) of sibling filters whose selections narrow this filter's options; no cycles.
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  dependsOn?: string[];
  /**
   * Text shown while nothing is selected.
   */
  placeholder?: string;
  /**
   * Most selections allowed.
   */
  maxSelect?: number;
  /**
   * Message shown instead of 'Can't be done (Max N selections)' when the spec gives one (products: 'You can select a maximum of 20 products at a time.').
   */
  maxSelectMessage?: string;
  /**
   * Parameters the filter's suggestion calls carry when the call leaves them missing or empty (e.g. attr_type_id 0 for brands).
   */
  suggestionDefaults?: {
    /**
     * A constant value in config: a string, number or boolean.
     */
    [k: string]: string | number | boolean | undefined;
  };
  linked?: FilterLink;
}
/**
 * Date picker with presets writing start_date and end_date.
 */
export interface DatePresetFilter {
  /**
   * Node kind: datePreset.
   */
  kind: 'datePreset';
  /**
   * Label of the picker.
   */
  label?: string;
  /**
   * Presets offered, in order.
   *
   * @minItems 1
   */
  presets: DatePresetName[];
  default: DatePresetName;
}
/**
 * Two month pickers writing start_date (first day) and end_date (last day); end before start is refused.
 */
export interface MonthRangeFilter {
  /**
   * Node kind: monthRange.
   */
  kind: 'monthRange';
  /**
   * Label shown in the filter bar and on selected-filter tags.
   */
  label: string;
  /**
   * Months covered by default, ending with the current month.
   */
  defaultMonths?: number;
}
/**
 * Numeric rank threshold (min 1): keeps rows whose dimension is <= the rank.
 */
export interface RankInputFilter {
  /**
   * Node kind: rankInput.
   */
  kind: 'rankInput';
  /**
   * Dataset dimension the filter restricts; also the request parameter name.
   */
  field: string;
  /**
   * Label shown in the filter bar and on selected-filter tags.
   */
  label: string;
  /**
   * Largest rank accepted.
   */
  max?: number;
  /**
   * Quick-pick ranks (e.g. 10, 20, 50).
   */
  presets?: number[];
}
/**
 * On/off switch; on sends the value, off sends nothing.
 */
export interface ToggleFilter {
  /**
   * Node kind: toggle.
   */
  kind: 'toggle';
  /**
   * Dataset dimension the filter restricts; also the request parameter name.
   */
  field: string;
  /**
   * Label shown in the filter bar and on selected-filter tags.
   */
  label: string;
  /**
   * Value sent when on; default true.
   */
  value?: string | number | boolean;
}
/**
 * A data call of a screen: one generic GET endpoint compiled to SQL over the screen's dataset.
 */
export interface ScreenQuery {
  /**
   * Node kind: query.
   */
  kind: 'query';
  /**
   * Query id, unique in the screen; widgets refer to it.
   */
  id: string;
  /**
   * Path under /api/v1/ that answers this query; unique across the product.
   */
  endpoint: string;
  /**
   * Dimension ids rows are grouped by (none: one total row).
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  groupBy?: string[];
  /**
   * Measure ids computed per row.
   *
   * @minItems 1
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  measures: string[];
  /**
   * Default sort, applied when the request names none.
   */
  sort?: QuerySort[];
  /**
   * Whether the request's limit/offset page the rows and a total is returned.
   */
  paged?: boolean;
  /**
   * Most rows returned; the page size when paged, unless the grid showing the query sets pageSize.
   */
  limit?: number;
  /**
   * Screen filters applied (by field); default: all the screen's filters.
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  filters?: string[];
  /**
   * Fixed restrictions from config.
   */
  where?: QueryConstraint[];
  /**
   * Also serve GET {endpoint}/export as an xlsx file of every row (filters applied).
   */
  export?: boolean;
  compare?: QueryCompare;
}
/**
 * A sort of query rows.
 */
export interface QuerySort {
  /**
   * Dimension or measure id of the query.
   */
  field: string;
  order?: SortOrder;
}
/**
 * A fixed restriction of a query, from config (never the request).
 */
export interface QueryConstraint {
  /**
   * Column dimension of the dataset.
   */
  field: string;
  /**
   * Values the dimension must be one of.
   *
   * @minItems 1
   *
   * Items: A constant value in config: a string, number or boolean.
   */
  in: (string | number | boolean)[];
}
/**
 * Period-over-period change of some measures (METRICS.md: change only over keys present in both periods). Each measure is computed over the request's date range and over the period of equal length just before it, both restricted to the rows whose `over` values occur in both periods. Adds `{measure}__change` (current minus previous, on those rows) and `{measure}__previous` per measure, `compare__keys` (how many `over` values occur in both periods) and `compare__start` / `compare__end` (the previous period). Only for one-row queries (no groupBy, no paging); without a date range the added fields are null.
 */
export interface QueryCompare {
  /**
   * Measure ids of the query to compare.
   *
   * @minItems 1
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  measures: string[];
  /**
   * Column dimensions whose values must occur in both periods (e.g. keyword_id).
   *
   * @minItems 1
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  over: string[];
}
/**
 * One upload of a screen: accepted files, the template every row is validated against, and the target table. A file with any bad row changes nothing.
 */
export interface UploadDeclaration {
  /**
   * Node kind: upload.
   */
  kind: 'upload';
  /**
   * Upload id, unique in the screen; part of its API path (uploads/{area}/{screen}/{id}).
   */
  id: string;
  /**
   * Name of the upload, also the template's sheet and file name.
   */
  title: string;
  /**
   * Accepted file extensions; any other file answers 'Invalid File'. (.xls is recognised and refused with a message asking for .xlsx.)
   *
   * @minItems 1
   *
   * Items: An accepted extension.
   */
  accept: ('.csv' | '.xlsx' | '.xls')[];
  /**
   * Largest accepted file in MB (default 50).
   */
  maxSizeMb?: number;
  /**
   * Most data rows accepted in one file (default 1,000,000); reading stops past it.
   */
  maxRows?: number;
  /**
   * Template columns, in order: the header row of the template and of every uploaded file.
   *
   * @minItems 1
   */
  columns: UploadColumn[];
  target: UploadTarget;
  /**
   * Message of a loaded file when the spec names one (e.g. 'Mapping Status Updated Successfully'); default '<n> rows loaded.'.
   */
  successMessage?: string;
  /**
   * Label of a button that downloads all the group's rows of the target in the template's shape (GET .../data, the spec's product/data/file); absent: no such download.
   */
  dataFile?: string;
}
/**
 * A template column: its header, type and checks, and the field (or lookup) it fills.
 */
export interface UploadColumn {
  /**
   * Node kind: column.
   */
  kind: 'column';
  /**
   * Header text in the template and the file (matched ignoring case and surrounding spaces).
   */
  header: string;
  /**
   * Target column the value fills (with a lookup: the column the looked-up key fills).
   */
  field: string;
  /**
   * Value type; dates are YYYY-MM-DD (or a spreadsheet date cell).
   */
  type: 'string' | 'integer' | 'number' | 'date';
  /**
   * An empty cell is an error (default false; an empty optional cell loads as the default).
   */
  required?: boolean;
  /**
   * Value of an empty optional cell.
   */
  default?: string | number;
  /**
   * The only values accepted (strings compared ignoring case).
   *
   * @minItems 1
   *
   * Items: An allowed value.
   */
  allowed?: (string | number)[];
  /**
   * Smallest accepted number.
   */
  min?: number;
  /**
   * Largest accepted number.
   */
  max?: number;
  /**
   * Longest accepted text.
   */
  maxLength?: number;
  /**
   * Sample value written under the header in the template.
   */
  example?: string | number;
  lookup?: UploadLookup;
}
/**
 * A warehouse dimension the cell is looked up in: the cell matches `match` (ignoring case), the row's `key` fills the column's field, and `also` copies more of that row's columns.
 */
export interface UploadLookup {
  /**
   * Warehouse table, e.g. dim_channel.
   */
  table: string;
  /**
   * Column compared with the cell, e.g. channel_name.
   */
  match: string;
  /**
   * Column whose value the field takes, e.g. channel_id.
   */
  key: string;
  /**
   * More columns of the matched row copied into target fields of the same name (e.g. brand_id, category_id).
   *
   * Items: A lower-case table or column name.
   */
  also?: string[];
  /**
   * Fields of earlier columns the matched row must share (a column of the same name in the table), e.g. ["channel_id"]: a listing code counts only on the row's channel.
   *
   * @minItems 1
   *
   * Items: A lower-case table or column name.
   */
  within?: string[];
}
/**
 * A warehouse table loaded through a staging table and swapped in one transaction.
 */
export interface UploadTarget {
  /**
   * Node kind: warehouse (a fact table of the analytics warehouse).
   */
  kind: 'warehouse';
  /**
   * Target table; every column must be filled by a column, lookup, fixed value or the tenant.
   */
  table: string;
  /**
   * Columns set to the same value on every loaded row (e.g. is_estimate: 0); also part of the replaced slice.
   */
  fixed?: {
    [k: string]: string | number | undefined;
  };
  /**
   * A key column the server numbers at the swap (the table's highest value + 1, 2, ...), for tables whose rows have an id the file cannot know (e.g. dim_promo_plan.plan_id).
   */
  generatedKey?: string;
  /**
   * Target columns no two rows of a file may share (the table's key): a repeat is a row error naming the first row.
   *
   * @minItems 1
   *
   * Items: A lower-case table or column name.
   */
  unique?: string[];
  /**
   * Merge instead of replace, for masters that facts point at (dim_product): a row whose key (these columns) the group already has updates that row's file columns in place (its id, fixed columns and others kept; a fresh write token), the other rows are added; nothing is deleted, so slices cannot be deleted either. `replace` then only names how loads are listed.
   *
   * @minItems 1
   *
   * Items: A lower-case table or column name.
   */
  merge?: string[];
  /**
   * The slice a file replaces: every slice present in the file (e.g. channel x month) is deleted for the group and loaded anew.
   *
   * @minItems 1
   */
  replace: SliceField[];
}
/**
 * A field of the replaced slice, optionally a date cut to its month.
 */
export interface SliceField {
  /**
   * Target column.
   */
  field: string;
  /**
   * Column header in the list of loaded slices.
   */
  label: string;
  /**
   * The slice holds the date's whole month.
   */
  grain?: 'month';
  lookupLabel?: UploadLookup;
}
/**
 * One write: POST /api/v1/mutate/{area}/{screen}/{id}. The server validates the body with the schema the form was built from, writes in one transaction and records an audit entry.
 */
export interface MutationNode {
  /**
   * Node kind: mutation.
   */
  kind: 'mutation';
  /**
   * Mutation id, unique in the screen; widgets refer to it.
   */
  id: string;
  /**
   * Store entity written (declared once on the server, e.g. group).
   */
  entity: string;
  /**
   * create a row; update a row read earlier (stale edits refused); delete; toggle a status field.
   */
  operation: 'create' | 'update' | 'delete' | 'toggle';
  schema?: MutationFieldsSchema;
  /**
   * Field checks with the message shown for each (the spec's wording).
   */
  checks?: MutationCheck[];
  toggle?: MutationToggle;
  /**
   * Activity the caller needs; default: the screen's permission.
   */
  permission?: string;
  /**
   * Message of a successful write (the answer's msg).
   */
  successMessage?: string;
  /**
   * Message shown when the write fails without a field message (e.g. 'Fill required values').
   */
  failureMessage?: string;
  /**
   * Store lists the form's choices come from (group, role, activity ...), read through GET /api/v1/lookup/{area}/{screen}/{mutation}/{lookup}, limited to the caller's groups.
   */
  lookups?: MutationLookup[];
}
/**
 * A JSON Schema object of the written fields; every property must be a field of the entity.
 */
export interface MutationFieldsSchema {
  /**
   * Always object.
   */
  type: 'object';
  /**
   * Form title.
   */
  title?: string;
  /**
   * Fields by entity field name: JSON Schema of each (type, title, format, maxLength, items ...).
   */
  properties: {
    [k: string]: {} | undefined;
  };
}
/**
 * A check of one field and its message.
 */
export interface MutationCheck {
  /**
   * required: not blank (a list: not empty); email: a valid e-mail; unique: no other row of the entity (in scope) holds the value, checked on blur through POST /api/v1/verify/{area}/{screen}/{mutation} and again on write. distinct: no two items of a list field share the value of `by` (items matching an `ignore` condition do not count).
   */
  kind: 'required' | 'email' | 'unique' | 'distinct';
  /**
   * Field checked: a property of the mutation's schema.
   */
  field: string;
  /**
   * Message when the check fails, word for word from the spec.
   */
  message: string;
  /**
   * For distinct: the item field compared (e.g. group_id).
   */
  by?: string;
  /**
   * For distinct: items matching any of these are not compared (e.g. deleted or inactive mappings).
   */
  ignore?: MutationItemCondition[];
}
/**
 * An item of a list field whose field equals a value.
 */
export interface MutationItemCondition {
  /**
   * Item field.
   */
  field: string;
  /**
   * Value matched.
   */
  equals: string | number | boolean;
}
/**
 * The status field a toggle flips.
 */
export interface MutationToggle {
  /**
   * Entity field flipped.
   */
  field: string;
  /**
   * The two values: on, off.
   *
   * @minItems 2
   * @maxItems 2
   */
  values: (number | boolean | string)[];
}
/**
 * A store list a form field picks from: value and label of each choice, limited to the caller's groups (at most 500).
 */
export interface MutationLookup {
  /**
   * Lookup id, unique in the mutation; a widget names it in uiSchema ui:options.lookup.
   */
  id: string;
  /**
   * What is listed: the caller's groups, the roles of a group (parent: group id), every active activity, the active users of the caller's groups (parent: group id, whose members are left out), the warehouse's channels (dim_channel).
   */
  entity: 'group' | 'role' | 'activity' | 'user' | 'channel';
  /**
   * Form field whose value narrows the list (e.g. group_id for roles).
   */
  parent?: string;
  /**
   * Body field (an id or a list of ids) whose values must be among the lookup's choices: a write sending any other is refused (400, naming the ids).
   */
  field?: string;
}
/**
 * A row of KPI tiles fed by a one-row query, or by a store endpoint's one row (rows).
 */
export interface KpiTilesWidget {
  /**
   * Node kind: kpiTiles.
   */
  kind: 'kpiTiles';
  /**
   * Widget id, unique in the screen; the layout refers to it.
   */
  id: string;
  /**
   * Heading shown above the widget.
   */
  title?: string;
  /**
   * Id of the screen query feeding the widget (tiles set query or rows, not both).
   */
  query?: string;
  rows?: KpiTilesRows;
  /**
   * Tiles in order.
   *
   * @minItems 1
   */
  tiles: KpiTile[];
}
/**
 * Read the one row from a store-backed endpoint instead of a query (figures kept in the store, e.g. crawl runs): GET /api/v1/{endpoint} answering { rows: [one row], total } under the screen's filters, scoped to the caller's group by the server. Each tile's measure is a field of that row and needs its own label; no change.
 */
export interface KpiTilesRows {
  /**
   * The route, e.g. crawl_status/kpi/summary.
   */
  endpoint: string;
  /**
   * The screen filters (fields, without a source) the endpoint applies; the screen may then declare them.
   *
   * @maxItems 8
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  params?: string[];
  /**
   * Read the row again every this many seconds (the same as the grid beside it, so both show the same moment).
   */
  refreshSeconds?: number;
}
/**
 * One number of a KPI row: a measure of the query's single row.
 */
export interface KpiTile {
  /**
   * Node kind: kpiTile.
   */
  kind: 'kpiTile';
  /**
   * Measure id of the query shown in the tile.
   */
  measure: string;
  /**
   * Label; default the measure's label.
   */
  label?: string;
  format?: ValueFormat;
  /**
   * Definition shown on hover; default the measure's description.
   */
  description?: string;
  /**
   * What the figure counts, in words, shown under it; default the measure's unit (a `rows` tile, which has no measure, must declare it).
   */
  unit?: string;
  /**
   * Icon name shown in the tile.
   */
  icon?: string;
  /**
   * Show the previous period's value (same length, just before the picked dates, from the same query) and the change, coloured by the measure's goodDirection; default true unless the screen sets previousPeriod false. Off for tiles of a `rows` widget.
   */
  previousPeriod?: boolean;
  /**
   * Also show the measure's change from the previous period (the query must compare the measure).
   */
  change?: boolean;
  drill?: KpiDrill;
}
/**
 * Where the tile's 'View rows' goes: default the screen's own grid under the same filters; `screen` opens a sibling tab of the area instead, and `filters` narrows to the rows the tile counts.
 */
export interface KpiDrill {
  /**
   * Screen id of the same area whose grid holds the tile's rows.
   */
  screen?: string;
  /**
   * Filter fields set on the way, e.g. { "stock_status": [0] } for an out-of-stock count.
   */
  filters?: {
    /**
     * Items: A constant value in config: a string, number or boolean.
     */
    [k: string]: (string | number | boolean)[] | undefined;
  };
}
/**
 * A table of a query's rows, or of a store entity's rows (rows.entity): server-paged and sorted, Show More when total exceeds loaded.
 */
export interface GridWidget {
  /**
   * Node kind: grid.
   */
  kind: 'grid';
  /**
   * Widget id, unique in the screen; the layout refers to it.
   */
  id: string;
  /**
   * Heading shown above the widget.
   */
  title?: string;
  /**
   * Id of the screen query feeding the widget (a grid sets query or rows, not both).
   */
  query?: string;
  /**
   * Read store rows instead of a query: a store entity's (GET /api/v1/rows/{area}/{screen}/{entity}; a writable entity of the catalogue or a read-only one such as auditEntry, whose declared filters the screen's filters and date picker must be), or a store-backed list endpoint's (GET /api/v1/{endpoint}); exactly one of entity and endpoint.
   */
  rows?: {
    /**
     * Store entity, e.g. group or auditEntry.
     */
    entity?: string;
    /**
     * Only rows whose fields equal these values (e.g. status: blocked); applied by the server from the config, so a client cannot widen it. Each key is a field of the entity.
     */
    where?: {
      [k: string]: string | number | boolean | undefined;
    };
    /**
     * A list route answering { rows, total } for offset, limit, order_by, order_type, scoped to the caller's group by the server, e.g. report-mailers/rows (run logs and other lists that are no entity).
     */
    endpoint?: string;
    /**
     * With endpoint: the screen filters (fields, without a source) the endpoint applies, e.g. changed_only; the screen may then declare them.
     *
     * @maxItems 8
     *
     * Items: A config id: letters, digits and underscores, starting with a letter.
     */
    params?: string[];
    /**
     * Reload the loaded rows every this many seconds (monitors whose rows change on their own, e.g. crawl runs); absent: only after a row action.
     */
    refreshSeconds?: number;
  };
  /**
   * Columns in order.
   *
   * @minItems 1
   */
  columns: GridColumnNode[];
  /**
   * Rows per page of this grid; wins over its query's limit and the screen's pageSize (default 10).
   */
  pageSize?: number;
  /**
   * Fields identifying a row (React keys, row actions).
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  rowKey?: string[];
  /**
   * Buttons on each row.
   */
  rowActions?: RowAction[];
  /**
   * Buttons acting on the ticked rows (the grid shows a tick box per row and a bar with these buttons).
   *
   * @minItems 1
   */
  bulkActions?: BulkAction[];
  /**
   * Most rows that can be ticked at once (default 100); the server refuses a bulk write over it with maxSelectedMessage.
   */
  maxSelected?: number;
  /**
   * Message when more rows would be ticked than maxSelected, word for word from the spec where it gives one (e.g. 'You can select a maximum of 20 products at a time.').
   */
  maxSelectedMessage?: string;
  /**
   * Show an xlsx download of all rows with the current filters (the query must set export).
   */
  exportable?: boolean;
  /**
   * Text when there are no rows; default 'No Data Available'.
   */
  emptyText?: string;
}
/**
 * A column formatting a number, date or text (kind names the format).
 */
export interface ValueColumn {
  /**
   * Node kind: short, plain, integer, currency, percent, date, dateTime (DD-MMM-YYYY HH:mm:ss AM), monthYear, text.
   */
  kind: 'short' | 'plain' | 'integer' | 'currency' | 'percent' | 'date' | 'dateTime' | 'monthYear' | 'text';
  /**
   * Row field shown: a dimension, its label column or lookup attribute, or a measure of the query.
   */
  field: string;
  /**
   * Column header; default the field's label.
   */
  header?: string;
  /**
   * Whether clicking the header sorts (server side) by this field.
   */
  sortable?: boolean;
  /**
   * Width in pixels.
   */
  width?: number;
  /**
   * Horizontal alignment.
   */
  align?: 'left' | 'center' | 'right';
  /**
   * Text shown on hover over the header; default the field's description.
   */
  description?: string;
}
/**
 * A column showing status codes as chips of a vocabulary.
 */
export interface StatusColumn {
  /**
   * Node kind: status.
   */
  kind: 'status';
  /**
   * Row field shown: a dimension, its label column or lookup attribute, or a measure of the query.
   */
  field: string;
  /**
   * Column header; default the field's label.
   */
  header?: string;
  /**
   * Whether clicking the header sorts (server side) by this field.
   */
  sortable?: boolean;
  /**
   * Width in pixels.
   */
  width?: number;
  /**
   * Horizontal alignment.
   */
  align?: 'left' | 'center' | 'right';
  /**
   * Text shown on hover over the header; default the field's description.
   */
  description?: string;
  vocabulary: StatusVocabulary;
}
/**
 * A column showing a link.
 */
export interface LinkColumn {
  /**
   * Node kind: link.
   */
  kind: 'link';
  /**
   * Row field shown: a dimension, its label column or lookup attribute, or a measure of the query.
   */
  field: string;
  /**
   * Column header; default the field's label.
   */
  header?: string;
  /**
   * Whether clicking the header sorts (server side) by this field.
   */
  sortable?: boolean;
  /**
   * Width in pixels.
   */
  width?: number;
  /**
   * Horizontal alignment.
   */
  align?: 'left' | 'center' | 'right';
  /**
   * Text shown on hover over the header; default the field's description.
   */
  description?: string;
  /**
   * Row field holding the URL; default field itself.
   */
  hrefField?: string;
  /**
   * Where the link opens.
   */
  target?: '_blank' | '_self';
}
/**
 * A column showing a thumbnail image from a URL field.
 */
export interface ImageColumn {
  /**
   * Node kind: image.
   */
  kind: 'image';
  /**
   * Row field shown: a dimension, its label column or lookup attribute, or a measure of the query.
   */
  field: string;
  /**
   * Column header; default the field's label.
   */
  header?: string;
  /**
   * Whether clicking the header sorts (server side) by this field.
   */
  sortable?: boolean;
  /**
   * Width in pixels.
   */
  width?: number;
  /**
   * Horizontal alignment.
   */
  align?: 'left' | 'center' | 'right';
  /**
   * Text shown on hover over the header; default the field's description.
   */
  description?: string;
  /**
   * Row field used as alt text.
   */
  altField?: string;
  /**
   * Address of the product page the image preview links to; {field} is replaced by the row's value of that field, e.g. '/workspace/products/data?product_id=[{product_id}]'.
   */
  pageUrl?: string;
  /**
   * Row field holding the product id: the preview links to the product's pages on its channels (GET product/page/data).
   */
  productField?: string;
  /**
   * Thumbnail size in pixels.
   */
  size?: number;
}
/**
 * A column drawing a small line of a numeric series field.
 */
export interface SparklineColumn {
  /**
   * Node kind: sparkline.
   */
  kind: 'sparkline';
  /**
   * Row field shown: a dimension, its label column or lookup attribute, or a measure of the query.
   */
  field: string;
  /**
   * Column header; default the field's label.
   */
  header?: string;
  /**
   * Whether clicking the header sorts (server side) by this field.
   */
  sortable?: boolean;
  /**
   * Width in pixels.
   */
  width?: number;
  /**
   * Horizontal alignment.
   */
  align?: 'left' | 'center' | 'right';
  /**
   * Text shown on hover over the header; default the field's description.
   */
  description?: string;
  format?: ValueFormat;
}
/**
 * A 'change vs previous' column of a measure: its value over the comparison period (the previous period of equal length, or the same period last year) and the change, coloured by the measure's goodDirection like the KPI tiles. The server computes it by running the grid's own query over that period, joined on the grid's group keys; a member present in one period only shows no previous value.
 */
export interface ChangeColumn {
  /**
   * Node kind: change.
   */
  kind: 'change';
  /**
   * A measure of the grid's query (not a dimension).
   */
  field: string;
  /**
   * Column header; default '<measure label> vs previous'.
   */
  header?: string;
  /**
   * Width in pixels.
   */
  width?: number;
  /**
   * Horizontal alignment.
   */
  align?: 'left' | 'center' | 'right';
  /**
   * Text shown on hover over the header.
   */
  description?: string;
}
/**
 * A button on each grid row: runs a screen mutation on the row (delete, toggle status), opens an overlay with the row (edit), or calls an endpoint with the row's key fields.
 */
export interface RowAction {
  /**
   * Node kind: rowAction.
   */
  kind: 'rowAction';
  /**
   * Action id, unique in its list.
   */
  id: string;
  /**
   * Button text.
   */
  label: string;
  /**
   * Icon name.
   */
  icon?: string;
  /**
   * Id of the screen mutation run on the row: a delete or toggle gets the row's id and updated_at; a create gets the fields of `with` (e.g. a sync run of the row).
   */
  mutation?: string;
  /**
   * For a create mutation run from a row, or the create form of the overlay the row opens: body field -> row field it takes (e.g. { "schema_type_id": "id" }).
   */
  with?: {
    /**
     * A config id: letters, digits and underscores, starting with a letter.
     */
    [k: string]: string | undefined;
  };
  /**
   * Id of the overlay widget opened with the row (an edit form).
   */
  overlay?: string;
  /**
   * Row field holding the row's id for the mutation or overlay (default id), e.g. plan_id on a dataset grid.
   */
  idField?: string;
  visibleWhen?: RowCondition;
  /**
   * Endpoint under /api/v1/ called (actions without a mutation or overlay).
   */
  endpoint?: string;
  /**
   * HTTP method; default POST.
   */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * After the call: follow the job its answer names (mailerRun: the answer's run id) and show each step it pushes to this user's socket as a toast named by the row's `name`.
   */
  follow?: 'mailerRun';
  /**
   * Row fields sent as the request body/query.
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  keyFields?: string[];
  /**
   * Body of an endpoint action as body field -> row field (e.g. user_id: id), when the endpoint names the key differently.
   */
  payload?: {
    /**
     * A config id: letters, digits and underscores, starting with a letter.
     */
    [k: string]: string | undefined;
  };
  /**
   * Confirmation text shown before running; {field} is replaced by the row's value; none: no confirmation.
   */
  confirm?: string;
  /**
   * Title of the confirmation dialog (e.g. 'Group Role Status').
   */
  confirmTitle?: string;
  /**
   * Toast on success.
   */
  successMessage?: string;
  /**
   * Toast on failure (server message wins).
   */
  failureMessage?: string;
}
/**
 * A row field equal to a value.
 */
export interface RowCondition {
  /**
   * Row field.
   */
  field: string;
  /**
   * Value it must hold.
   */
  equals: number | boolean | string;
}
/**
 * A button over a grid acting on the rows ticked in it, in one transaction: a screen mutation on all of them (POST /api/v1/bulk/{area}/{screen}/{grid}/{action}): a delete or toggle on each row, or an update writing the values of `set`; or a bulk route of the product (`endpoint`, body { rows, ...set, [choose.field] }).
 */
export interface BulkAction {
  /**
   * Node kind: bulkAction.
   */
  kind: 'bulkAction';
  /**
   * Action id, unique in its list.
   */
  id: string;
  /**
   * Button text.
   */
  label: string;
  /**
   * Id of the screen mutation run on every ticked row: a delete, a toggle, or an update with `set` (or `endpoint`, not both).
   */
  mutation?: string;
  /**
   * Instead of a mutation: a bulk route under /api/v1/ the ticked rows are posted to ({ rows: [{ id, updated_at }] } with `set` and the chosen value), which checks, writes and audits them all in one transaction.
   */
  endpoint?: string;
  /**
   * With an endpoint: a value picked in the bulk bar before the button runs (e.g. the role given to every ticked user), sent as `field`.
   */
  choose?: {
    /**
     * Body field the chosen value is sent as.
     */
    field: string;
    /**
     * Label of the choice (and its placeholder, 'Select {label}').
     */
    label: string;
    /**
     * GET endpoint under /api/v1/ answering the choices as [{ id, name }].
     */
    source: string;
  };
  /**
   * For an update mutation or an endpoint: the values every ticked row gets (fields of the mutation's schema), e.g. { "is_favourite": 1 }. Taken from config only, never from the request.
   */
  set?: {
    [k: string]: string | number | boolean | undefined;
  };
  /**
   * Row field holding the row's id (default id), e.g. product_id on a dataset grid.
   */
  idField?: string;
  /**
   * Confirmation text; {count} is replaced by the number of rows, {choice} by the chosen value's name.
   */
  confirm?: string;
  /**
   * Title of the confirmation dialog.
   */
  confirmTitle?: string;
  /**
   * Message on success; default the mutation's.
   */
  successMessage?: string;
  /**
   * Message when the write fails without a server message.
   */
  failureMessage?: string;
}
/**
 * A Vega-Lite chart whose data are the rows of a query (spec.data is set by the runtime).
 */
export interface ChartWidget {
  /**
   * Node kind: chart.
   */
  kind: 'chart';
  /**
   * Widget id, unique in the screen; the layout refers to it.
   */
  id: string;
  /**
   * Heading shown above the widget.
   */
  title?: string;
  /**
   * Id of the screen query feeding the widget.
   */
  query: string;
  /**
   * Vega-Lite spec without data; fields refer to the query's row fields.
   */
  spec: {
    [k: string]: unknown | undefined;
  };
  /**
   * Height in pixels.
   */
  height?: number;
  /**
   * Overlay the comparison period (the previous period of equal length, or the same period last year) as a dashed 'Previous period' line: the data call answers the same query over that period, its points shifted onto the current dates as '<measure>__previous' fields. The query must group by the dataset's date dimension.
   */
  previousPeriod?: boolean;
}
/**
 * A form rendered by react-jsonschema-form: bound to a mutation of the screen (its schema, checks and messages), or posting its own schema to an endpoint.
 */
export interface FormWidget {
  /**
   * Node kind: form.
   */
  kind: 'form';
  /**
   * Widget id, unique in the screen; the layout refers to it.
   */
  id: string;
  /**
   * Heading shown above the widget.
   */
  title?: string;
  /**
   * Id of the screen mutation the form submits; the form is built from its schema and shows its checks' messages (then leave schema and submit out).
   */
  mutation?: string;
  /**
   * JSON Schema of the form data (forms without a mutation).
   */
  schema?: {
    [k: string]: unknown | undefined;
  };
  /**
   * rjsf uiSchema (widgets, order, help).
   */
  uiSchema?: {
    [k: string]: unknown | undefined;
  };
  submit?: FormSubmit;
  /**
   * Submit button text; default Submit.
   */
  submitLabel?: string;
  /**
   * Forms without a mutation: the form opens with the values a GET of this endpoint answers (its schema's fields only), not the schema defaults; the defaults stay when the read fails.
   */
  initialValues?: {
    /**
     * Endpoint under /api/v1/ answering the current values (an object) to GET.
     */
    endpoint: string;
  };
  /**
   * Forms without a mutation: the message shown for a failed JSON Schema keyword (required, pattern, ...) instead of the validator's own, e.g. a spec message the server answers too. A key `field.keyword` (recipients.pattern) is that field's own message; `{title}` in a message is the field's title.
   */
  errorMessages?: {
    [k: string]: string | undefined;
  };
  /**
   * Toast on success.
   */
  successMessage?: string;
  /**
   * Toast on failure when the server gives no message.
   */
  failureMessage?: string;
  invalidMessages?: FormInvalidMessages;
  /**
   * Inside an overlay: close it after a successful write (the spec: 'Group creation success closes the widget').
   */
  closeOnSuccess?: boolean;
}
/**
 * Where a form posts.
 */
export interface FormSubmit {
  /**
   * Endpoint under /api/v1/ receiving the form data.
   */
  endpoint: string;
  /**
   * HTTP method; default POST.
   */
  method?: 'POST' | 'PUT';
}
/**
 * One banner message per kind of problem, in this order: a required value missing wins; else a malformed e-mail; any other problem (a taken name, a bound) shows at its field only.
 */
export interface FormInvalidMessages {
  /**
   * Shown when at least one required value is missing or blank (a `required` check, or JSON Schema `required` / an empty list).
   */
  required?: string;
  /**
   * Shown when no required value is missing and at least one e-mail is malformed (an `email` check's field, or `format: email`).
   */
  email?: string;
}
/**
 * A toolbar of upload and download buttons.
 */
export interface ActionsWidget {
  /**
   * Node kind: actions.
   */
  kind: 'actions';
  /**
   * Widget id, unique in the screen; the layout refers to it.
   */
  id: string;
  /**
   * Heading shown above the widget.
   */
  title?: string;
  /**
   * Buttons in order.
   *
   * @minItems 1
   */
  items: ActionNode[];
}
/**
 * A button uploading a file to an endpoint (transactional: a bad file changes nothing).
 */
export interface UploadAction {
  /**
   * Node kind: upload.
   */
  kind: 'upload';
  /**
   * Action id, unique in its list.
   */
  id: string;
  /**
   * Button text.
   */
  label: string;
  /**
   * Endpoint under /api/v1/ receiving the multipart file.
   */
  endpoint: string;
  /**
   * Accepted file extensions; others answer 'Invalid File'.
   *
   * @minItems 1
   *
   * Items: Extension with dot, e.g. .xlsx.
   */
  accept: string[];
  /**
   * Largest accepted file in MB.
   */
  maxSizeMb?: number;
  /**
   * Endpoint under /api/v1/ serving a template file.
   */
  templateEndpoint?: string;
  /**
   * Toast on success.
   */
  successMessage?: string;
  /**
   * Toast on failure (server message wins).
   */
  failureMessage?: string;
}
/**
 * A button downloading a file (e.g. the grid's xlsx export with current filters).
 */
export interface DownloadAction {
  /**
   * Node kind: download.
   */
  kind: 'download';
  /**
   * Action id, unique in its list.
   */
  id: string;
  /**
   * Button text.
   */
  label: string;
  /**
   * Endpoint under /api/v1/ answering the file.
   */
  endpoint: string;
  /**
   * Send the screen's current filters as the query string; default true.
   */
  withFilters?: boolean;
}
/**
 * Template download, file upload with its result and error file, the loaded slices (with update, download, delete) and the upload history of one upload.
 */
export interface UploadPanelWidget {
  /**
   * Node kind: uploadPanel.
   */
  kind: 'uploadPanel';
  /**
   * Widget id, unique in the screen; the layout refers to it.
   */
  id: string;
  /**
   * Heading shown above the widget.
   */
  title?: string;
  /**
   * Id of one of the screen's uploads.
   */
  upload: string;
}
/**
 * A modal holding one form widget of the screen: the spec's admin overlay. Opened by its own button (create) or by a row action (edit, the form filled with the row). The spec's four modes are four overlays.
 */
export interface OverlayWidget {
  /**
   * Node kind: overlay.
   */
  kind: 'overlay';
  /**
   * Widget id, unique in the screen; the layout and row actions refer to it.
   */
  id: string;
  /**
   * Title of the modal.
   */
  title: string;
  /**
   * Id of the form widget shown inside (it is not laid out on the page itself).
   */
  form: string;
  /**
   * Text of the button that opens the overlay empty; none: opened by row actions only.
   */
  openLabel?: string;
  /**
   * Width of the modal in pixels; default 640.
   */
  width?: number;
}
/**
 * The report list with its 'Select Filters' panel and Generate (a job with progress over the socket), and/or the group's report files with their downloads.
 */
export interface ReportCenterWidget {
  /**
   * Node kind: reportCenter.
   */
  kind: 'reportCenter';
  /**
   * Widget id, unique in the screen; the layout refers to it.
   */
  id: string;
  /**
   * Heading shown above the widget.
   */
  title?: string;
  /**
   * Reports offered; none: the widget lists files only.
   */
  reports?: ReportType[];
  /**
   * File format generated; csv for raw reports. Default xlsx.
   */
  format?: 'xlsx' | 'csv';
  /**
   * Which of the group's files to list: all (s3/data/list), raw (report/raw/list, csv only) or none. Default all.
   */
  files?: 'all' | 'raw' | 'none';
}
/**
 * One report a user may generate: a screen's export endpoint run as a job with the filters chosen in 'Select Filters'.
 */
export interface ReportType {
  /**
   * Node kind: reportType.
   */
  kind: 'reportType';
  /**
   * Report id, unique in its widget.
   */
  id: string;
  /**
   * Name shown in the report list.
   */
  label: string;
  /**
   * One line under the name.
   */
  description?: string;
  /**
   * Export endpoint of a screen's query (ends with /export), e.g. stock/data/export.
   */
  endpoint: string;
}
/**
 * The group's alerts (mark read) and its alert rules (add, switch Active / In-Active, delete).
 */
export interface AlertCenterWidget {
  /**
   * Node kind: alertCenter.
   */
  kind: 'alertCenter';
  /**
   * Widget id, unique in the screen; the layout refers to it.
   */
  id: string;
  /**
   * Heading shown above the widget.
   */
  title?: string;
}
/**
 * The paxviz slide deck of a slide screen: the group's slide views on this screen, a composer, full-screen presentation and PDF / PPTX export.
 */
export interface SlideDeckWidget {
  /**
   * Node kind: slideDeck.
   */
  kind: 'slideDeck';
  /**
   * Widget id, unique in the screen.
   */
  id: string;
  /**
   * Caption above the deck list.
   */
  title?: string;
  /**
   * Areas whose screens' widgets may be put on a slide; default every area the user may open.
   *
   * @minItems 1
   *
   * Items: An area or screen id as it appears in the URL: letters, digits, underscores and dashes.
   */
  sources?: string[];
}
/**
 * Widgets side by side on one row.
 */
export interface LayoutRow {
  /**
   * Node kind: row.
   */
  kind: 'row';
  /**
   * Widget ids in order.
   *
   * @minItems 1
   *
   * Items: A config id: letters, digits and underscores, starting with a letter.
   */
  widgets: string[];
  /**
   * Width of each widget in twelfths; default equal shares.
   */
  widths?: number[];
}
/**
 * A titled group of rows.
 */
export interface LayoutSection {
  /**
   * Node kind: section.
   */
  kind: 'section';
  /**
   * Heading of the section.
   */
  title?: string;
  /**
   * Rows and sections in order.
   *
   * @minItems 1
   */
  children: LayoutNode[];
}
/**
 * Named definitions (screens/shared/*.json) that screens and datasets use by name: { "use": name, ...local properties }. Each is validated where it is used, after the local properties are laid over it.
 */
export interface SharedConfig {
  /**
   * Optional path of this JSON Schema, for editors.
   */
  $schema?: string;
  schemaVersion: SchemaVersion;
  /**
   * Node kind: always 'shared'.
   */
  kind: 'shared';
  filters?: SharedNodes;
  dates?: SharedNodes;
  dimensions?: SharedNodes;
  measures?: SharedNodes;
  mutations?: SharedNodes;
}
/**
 * Nodes by name; a name is an identifier.
 */
export interface SharedNodes {
  /**
   * A node, possibly partial: the using file completes it.
   */
  [k: string]: {} | undefined;
}
/**
 * A slide view (paxviz): slides composed of other screens' widgets, each with its own filters, laid out like a screen.
 */
export interface SlideViewConfig {
  schemaVersion: SchemaVersion;
  /**
   * Node kind: always 'slideView'.
   */
  kind: 'slideView';
  /**
   * Name of the deck, shown on its first slide and in exports.
   */
  title: string;
  /**
   * The slides in presentation order.
   *
   * @minItems 1
   * @maxItems 30
   */
  slides: Slide[];
}
/**
 * One slide: a title, widgets and their rows (the same layout nodes as a screen's).
 */
export interface Slide {
  /**
   * Node kind: slide.
   */
  kind: 'slide';
  /**
   * Heading of the slide.
   */
  title: string;
  /**
   * The widgets on the slide.
   *
   * @minItems 1
   * @maxItems 8
   */
  widgets: SlideWidget[];
  /**
   * Rows of widget ids with their widths in twelfths, as on a screen.
   */
  layout: LayoutNode[];
}
/**
 * A KPI, chart or grid widget of a screen, shown with filters of its own.
 */
export interface SlideWidget {
  /**
   * Node kind: slideWidget.
   */
  kind: 'slideWidget';
  /**
   * Id of this widget on the slide (the layout refers to it).
   */
  id: string;
  /**
   * The screen the widget comes from, as 'area/screen'.
   */
  screen: string;
  /**
   * Id of the widget in that screen (a kpiTiles, chart or grid).
   */
  widget: string;
  /**
   * Caption shown above the widget; default the widget's own title.
   */
  title?: string;
  /**
   * The widget's filters as the screen's address bar carries them (a query string).
   */
  filters: string;
}

/** Kinds of ActionNode. */
export const ACTION_KINDS = {
  rowAction: 'rowAction',
  upload: 'upload',
  download: 'download',
} as const;
export type ActionKind = keyof typeof ACTION_KINDS;

/** Kinds of DimensionNode. */
export const DIMENSION_KINDS = {
  column: 'column',
  mapped: 'mapped',
} as const;
export type DimensionKind = keyof typeof DIMENSION_KINDS;

/** Kinds of MeasureNode. */
export const MEASURE_KINDS = {
  count: 'count',
  countDistinct: 'countDistinct',
  sum: 'sum',
  avg: 'avg',
  min: 'min',
  max: 'max',
  countIf: 'countIf',
  countDistinctIf: 'countDistinctIf',
  sumIf: 'sumIf',
  ratio: 'ratio',
  entityDayShare: 'entityDayShare',
  rankWeight: 'rankWeight',
  shareOfTotal: 'shareOfTotal',
  lostSales: 'lostSales',
} as const;
export type MeasureKind = keyof typeof MEASURE_KINDS;

/** Kinds of FilterNode. */
export const FILTER_KINDS = {
  multiSelect: 'multiSelect',
  singleSelect: 'singleSelect',
  radio: 'radio',
  checkboxGroup: 'checkboxGroup',
  typeahead: 'typeahead',
  datePreset: 'datePreset',
  monthRange: 'monthRange',
  rankInput: 'rankInput',
  toggle: 'toggle',
} as const;
export type FilterKind = keyof typeof FILTER_KINDS;

/** Kinds of GridColumnNode. */
export const GRID_COLUMN_KINDS = {
  short: 'short',
  plain: 'plain',
  integer: 'integer',
  currency: 'currency',
  percent: 'percent',
  date: 'date',
  dateTime: 'dateTime',
  monthYear: 'monthYear',
  text: 'text',
  status: 'status',
  link: 'link',
  image: 'image',
  sparkline: 'sparkline',
  change: 'change',
} as const;
export type GridColumnKind = keyof typeof GRID_COLUMN_KINDS;

/** Kinds of LayoutNode. */
export const LAYOUT_KINDS = {
  row: 'row',
  section: 'section',
} as const;
export type LayoutKind = keyof typeof LAYOUT_KINDS;

/** Kinds of WidgetNode. */
export const WIDGET_KINDS = {
  kpiTiles: 'kpiTiles',
  grid: 'grid',
  chart: 'chart',
  form: 'form',
  actions: 'actions',
  uploadPanel: 'uploadPanel',
  overlay: 'overlay',
  reportCenter: 'reportCenter',
  alertCenter: 'alertCenter',
  slideDeck: 'slideDeck',
} as const;
export type WidgetKind = keyof typeof WIDGET_KINDS;
