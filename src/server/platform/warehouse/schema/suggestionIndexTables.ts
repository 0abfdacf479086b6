/** The index's tables: per tenant, growing with the facts (Citus distributes them like facts). */
export const SUGGESTION_INDEX_TABLES: readonly string[] = ['suggestion_index', 'suggestion_index_state'];

/**
 * The suggestion index (the crawl's elastic trigger, docs/crawl.md): per group, suggestion source
 * and fact table, the keys present on each crawl day with their names, and the window each rebuild covers. A
 * suggestion lookup inside a covered window reads these few rows instead of scanning the facts.
 */
export const SUGGESTION_INDEX_DDL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS suggestion_index (
    group_id INTEGER NOT NULL,
    source VARCHAR NOT NULL,
    fact_table VARCHAR NOT NULL,
    crawl_date DATE NOT NULL,
    entry_key INTEGER NOT NULL,
    name VARCHAR,
    search_name VARCHAR
  )`,
  `CREATE TABLE IF NOT EXISTS suggestion_index_state (
    group_id INTEGER NOT NULL,
    source VARCHAR NOT NULL,
    fact_table VARCHAR NOT NULL,
    target VARCHAR NOT NULL,
    from_date DATE NOT NULL,
    to_date DATE NOT NULL,
    entries INTEGER NOT NULL,
    run_id INTEGER NOT NULL
  )`,
];
