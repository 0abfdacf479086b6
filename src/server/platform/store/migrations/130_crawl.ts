import { sql, type Kysely } from 'kysely';

/**
 * Crawl pipeline (docs/crawl.md): model schemas (what to extract), channel profiles (how to fetch a
 * channel and which schema reads it), crawl runs (the process monitor's rows) and the per-page
 * log of each run. Every row carries its group: one tenant never sees another's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const group = (c: ReturnType<typeof db.schema.createTable>) =>
    c.addColumn('group_id', 'integer', (col) => col.notNull().references('groups.id').onDelete('cascade'));
  await group(db.schema.createTable('model_schemas').addColumn('id', 'serial', (c) => c.primaryKey()))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('crawl_type', 'integer', (c) => c.notNull())
    .addColumn('response_type', 'text', (c) => c.notNull())
    .addColumn('schema_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await group(db.schema.createTable('channel_profiles').addColumn('id', 'serial', (c) => c.primaryKey()))
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('channel_name', 'text', (c) => c.notNull())
    .addColumn('response_type', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('engine_type', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('url_template', 'text', (c) => c.notNull())
    .addColumn('allowed_hosts', 'jsonb', (c) => c.notNull())
    .addColumn('model_schema_id', 'integer', (c) => c.references('model_schemas.id').onDelete('set null'))
    .addColumn('concurrency', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('requests_per_second', 'integer', (c) => c.notNull().defaultTo(400))
    .addColumn('sample_page', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('channel_profiles_group_channel', ['group_id', 'channel_id'])
    .execute();
  await group(db.schema.createTable('crawl_runs').addColumn('id', 'serial', (c) => c.primaryKey()))
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('crawl_type', 'integer', (c) => c.notNull())
    .addColumn('crawl_date', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('pages_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_ok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_loaded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fetch_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('load_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('crawl_runs_group').on('crawl_runs').columns(['group_id', 'id']).execute();
  await group(db.schema.createTable('crawl_page_log').addColumn('id', 'bigserial', (c) => c.primaryKey()))
    .addColumn('run_id', 'integer', (c) => c.notNull().references('crawl_runs.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('city_id', 'integer', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('ms', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('crawl_page_log_run').on('crawl_page_log').columns(['run_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['crawl_page_log', 'crawl_runs', 'channel_profiles', 'model_schemas']) {
    await db.schema.dropTable(table).execute();
  }
}
