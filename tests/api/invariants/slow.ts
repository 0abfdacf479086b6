/**
 * How much longer an invariant may take on PostgreSQL: the stock, sales and dashboard queries carry
 * lost sales, whose per-listing baseline (language/measures/lostSalesRelation.ts) costs seconds a
 * call there (a fraction of one on DuckDB) until it is kept in a table written after each load.
 */
export const SLOW = process.env.API_TEST_PG === '1' ? 4 : 1;
