import type { Kysely, SelectQueryBuilder } from 'kysely';
import { BadRequestError } from '../../../shared/errors.js';
import {
  PROCESS_STATUS_NAMES,
  CRAWL_TYPES,
  TRIGGER_TYPE_NAMES,
} from '../../../shared/crawl/crawlVocabulary.js';
import type { CrawlTables } from './crawlTables.js';
import type { Db, EntityRepo, EntityRow, FilterValue } from '../../language/entities/entityRepo.js';

type Table = keyof CrawlTables;
type CrawlDb = Kysely<CrawlTables>;

/** The process monitor's delay options, minutes (spec §9). */
const DELAY_MINUTES = [30, 60, 90, 120];

const CRAWL_TYPE_NAMES = new Map<number, string>(CRAWL_TYPES.map((t) => [t.id, t.name]));

/**
 * The crawl pipeline's store rows as read-only entities, for the operations grids
 * (`grid.rows.entity`). They are written by the crawl job and the schema editor's own routes
 * (checks the generic write route cannot express), so every write through a mutation is refused.
 */
/** Narrows a table's rows by the entity's declared filters (entityReads.ts). */
type Narrow = (
  query: SelectQueryBuilder<CrawlTables, Table, object>,
  filters: Readonly<Record<string, FilterValue>>,
) => SelectQueryBuilder<CrawlTables, Table, object>;

/**
 * Each row's channel by name (`channel_name`), from the group's channel profiles: an operations
 * grid shows "Blinkit", never the code 61. A channel without a profile reads "Channel 61".
 */
async function withChannelNames(db: CrawlDb, rows: EntityRow[]): Promise<EntityRow[]> {
  const channelIds = [...new Set(rows.map((r) => Number(r.channel_id)))];
  const groupIds = [...new Set(rows.map((r) => Number(r.group_id)))];
  if (channelIds.length === 0) return rows;
  const profiles = await db
    .selectFrom('channel_profiles')
    .select(['group_id', 'channel_id', 'channel_name'])
    .where('group_id', 'in', groupIds)
    .where('channel_id', 'in', channelIds)
    .execute();
  const names = new Map(profiles.map((p) => [`${p.group_id}:${p.channel_id}`, p.channel_name]));
  return rows.map((r) => ({
    ...r,
    channel_name:
      names.get(`${String(r.group_id)}:${String(r.channel_id)}`) ?? `Channel ${String(r.channel_id)}`,
  }));
}

function readOnlyEntity(
  table: Table,
  columns: readonly string[],
  view: (row: EntityRow) => EntityRow = (row) => row,
  newestFirst = false,
  narrow: Narrow = (query) => query,
  namesChannels = false,
): EntityRepo {
  const sortable = new Set(['id', ...columns]);
  const refuse = (): never => {
    throw new BadRequestError(`${table} rows are written by the crawl pipeline only`);
  };
  const crawlDb = (db: Db) => db.withTables<CrawlTables>() as unknown as CrawlDb;
  return {
    groupOf: (row) => row.group_id as number,
    async find(db, id) {
      const row = await crawlDb(db)
        .selectFrom(table)
        .selectAll()
        .where('id', '=', id as never)
        .executeTakeFirst();
      return row ? view(row) : undefined;
    },
    findByUnique: () => Promise.resolve(undefined),
    create: refuse,
    update: refuse,
    async list(db, { groupIds, orderBy, limit, offset, ...request }) {
      let descending = request.descending;
      if (groupIds.length === 0) return { rows: [], total: 0 };
      const scoped = narrow(
        crawlDb(db).selectFrom(table).where('group_id', 'in', groupIds),
        request.filters ?? {},
      );
      // A catalogue column the table lacks (updated_at) sorts by id: the route already refused text.
      const column = (sortable.has(orderBy) ? orderBy : 'id') as 'id';
      // Monitors read newest first: the grid's unsorted call (id ascending) is taken as "by time".
      if (newestFirst && column === 'id') descending = !descending;
      const rows = await scoped
        .selectAll()
        .orderBy(column, descending ? 'desc' : 'asc')
        .orderBy('id', descending ? 'desc' : 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
      const { n } = await scoped.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const viewed = rows.map((r) => view(r as EntityRow));
      return { rows: namesChannels ? await withChannelNames(crawlDb(db), viewed) : viewed, total: Number(n) };
    },
  };
}

const seconds = (from: unknown, to: unknown): number | null =>
  from instanceof Date && to instanceof Date ? Math.round((to.getTime() - from.getTime()) / 100) / 10 : null;

/** A crawl run with the names the process monitor shows (status, crawl type, trigger, channel). */
export const crawlRunEntity = readOnlyEntity(
  'crawl_runs',
  ['channel_id', 'crawl_type', 'crawl_date', 'status', 'pages_total', 'rows_loaded', 'created_at'],
  (row) => ({
    ...row,
    status_name: PROCESS_STATUS_NAMES[row.status as number] ?? String(row.status),
    crawl_type_name: CRAWL_TYPE_NAMES.get(row.crawl_type as number) ?? String(row.crawl_type),
    trigger_name: TRIGGER_TYPE_NAMES[row.trigger_type as number] ?? String(row.trigger_type),
    duration_s: seconds(row.started_at, row.finished_at),
  }),
  true,
  (query, { status, delay }) => {
    let q = query;
    if (status !== undefined) {
      if (!(String(status) in PROCESS_STATUS_NAMES))
        throw new BadRequestError('Invalid value of filter "status"');
      q = q.where('status' as never, '=', Number(status) as never);
    }
    if (delay !== undefined) {
      if (!DELAY_MINUTES.includes(Number(delay)))
        throw new BadRequestError('Invalid value of filter "delay"');
      q = q.where('created_at' as never, '>=', new Date(Date.now() - Number(delay) * 60_000) as never);
    }
    return q;
  },
  true,
);

/** One fetched page of a run: URL, HTTP status, attempts, time, its session and the reason it failed (Blocked: behind a bot wall). */
export const crawlPageEntity = readOnlyEntity(
  'crawl_page_log',
  ['run_id', 'http_status', 'attempts', 'ms'],
  (row) => ({ ...row, outcome: row.reason === null ? 'Loaded' : row.blocked ? 'Blocked' : 'Failed' }),
  true,
);

/** A model schema, with the editor's address (the schema text itself stays in the editor). */
export const modelSchemaEntity = readOnlyEntity(
  'model_schemas',
  ['name', 'crawl_type', 'response_type', 'updated_at'],
  ({ schema_json: json, ...row }) => ({
    ...row,
    crawl_type_name: CRAWL_TYPE_NAMES.get(row.crawl_type as number) ?? String(row.crawl_type),
    fields: fieldCount(json),
    edit_url: `/workspace/tracking/modelSchema/edit/${String(row.id)}`,
  }),
);

/** A channel profile without its stored sample page (large, and shown by the editor's Test). */
const channelProfileRows = readOnlyEntity(
  'channel_profiles',
  ['channel_id', 'channel_name', 'response_type', 'platform', 'engine_type'],
  ({ sample_page: sample, sample_pages: _samples, allowed_hosts: hosts, ...row }) => ({
    ...row,
    allowed_hosts: Array.isArray(hosts) ? hosts.join(', ') : String(hosts),
    sample_kb: typeof sample === 'string' ? Math.round(sample.length / 102.4) / 10 : 0,
  }),
);

/** Channel profiles with their model schema by name (`model_schema_name`), not its id. */
export const channelProfileEntity: EntityRepo = {
  ...channelProfileRows,
  async list(db, request) {
    const page = await channelProfileRows.list(db, request);
    const ids = [...new Set(page.rows.map((r) => Number(r.model_schema_id)).filter((id) => id > 0))];
    const schemas = ids.length
      ? await (db.withTables<CrawlTables>() as unknown as CrawlDb)
          .selectFrom('model_schemas')
          .select(['id', 'name'])
          .where('id', 'in', ids)
          .execute()
      : [];
    const names = new Map(schemas.map((m) => [m.id, m.name]));
    return {
      ...page,
      rows: page.rows.map((r) => ({ ...r, model_schema_name: names.get(Number(r.model_schema_id)) ?? null })),
    };
  },
};

function fieldCount(json: unknown): number {
  try {
    const parsed = JSON.parse(String(json)) as { dataModel?: unknown };
    return Array.isArray(parsed.dataModel) ? parsed.dataModel.length : 0;
  } catch {
    return 0;
  }
}

/** A crawl schedule: channel and crawl type by name, cron, time zone, Active / In-Active and the last run it started. */
export const crawlTimingEntity = readOnlyEntity(
  'crawl_timings',
  ['channel_id', 'cron', 'status', 'crawl_type', 'updated_at'],
  (row) => ({
    ...row,
    crawl_type_name: CRAWL_TYPE_NAMES.get(row.crawl_type as number) ?? String(row.crawl_type),
  }),
  false,
  undefined,
  true,
);
