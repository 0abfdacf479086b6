import type { ColumnType, Generated } from 'kysely';

/** Store tables of the crawl pipeline (migration 130), used through `db.withTables<CrawlTables>()`. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

// A type alias, not an interface: withTables<T>() wants an index-signature-compatible record.
export type CrawlTables = {
  model_schemas: {
    id: Generated<number>;
    group_id: number;
    name: string;
    crawl_type: number;
    response_type: string;
    schema_json: string;
    updated_at: Timestamp;
  };
  channel_profiles: {
    id: Generated<number>;
    group_id: number;
    channel_id: number;
    channel_name: string;
    response_type: string;
    platform: string;
    engine_type: string;
    base_url: string;
    url_template: string;
    allowed_hosts: ColumnType<string[], string, string>;
    model_schema_id: number | null;
    concurrency: Defaulted<number>;
    requests_per_second: Defaulted<number>;
    sample_page: Defaulted<string>;
    /** Listing pages (migration 370): `{keyword}` / `{category}` and `{page}`. */
    search_url_template: Defaulted<string>;
    display_url_template: Defaulted<string>;
    /** The schema reading search and category listing pages (its `items` and their fields). */
    listing_schema_id: Defaulted<number | null>;
    /** Bestseller lists (migration 400): `{category}` and `{page}`, and the schema reading them. */
    bestseller_url_template: Defaulted<string>;
    bestseller_schema_id: Defaulted<number | null>;
    /** Sessions, location, walls, rendering, robots, proxies (migration 495; crawlSettings.ts). */
    crawl_settings: Defaulted<string>;
    /** Saved sample pages, `[{name, status, body}]` (migration 550), tried before a first crawl. */
    sample_pages: Defaulted<string>;
  };
  crawl_runs: {
    id: Generated<number>;
    group_id: number;
    channel_id: number;
    crawl_type: number;
    /** 0 product pages, 1 Search (keyword result pages), 2 Display (category listing pages). */
    trigger_type: Defaulted<number>;
    crawl_date: string;
    status: number;
    pages_total: Defaulted<number>;
    pages_ok: Defaulted<number>;
    pages_failed: Defaulted<number>;
    /** Pages that stayed behind a bot wall (migration 495), counted in pages_failed too. */
    pages_blocked: Defaulted<number>;
    rows_loaded: Defaulted<number>;
    fetch_ms: Defaulted<number>;
    load_ms: Defaulted<number>;
    message: Defaulted<string>;
    created_at: Timestamp;
    started_at: NullableTimestamp;
    finished_at: NullableTimestamp;
  };
  crawl_page_log: {
    id: Generated<string>;
    run_id: number;
    group_id: number;
    url: string;
    product_id: number;
    city_id: number;
    /** A listing page's keyword (Search) or category (Display) and its result page; null for product pages. */
    listing_id: number | null;
    listing_page: number | null;
    /** Which listing page (migration 400): 'search', 'category' or 'bestseller'; null before it (the run's trigger says). */
    listing_kind: Defaulted<string | null>;
    http_status: number | null;
    attempts: number;
    ms: number;
    reason: string | null;
    /** Behind a bot wall whichever session asked (migration 495); the session it was last fetched through. */
    blocked: Defaulted<boolean>;
    session_id: Defaulted<string | null>;
  };
  crawl_timings: {
    id: Generated<number>;
    group_id: number;
    channel_id: number;
    cron: string;
    time_zone: Defaulted<string>;
    status: Defaulted<string>;
    /** 4 Scheduled or 5 Live Tracking (migration 320). */
    crawl_type: Defaulted<number>;
    last_run_id: number | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
};
