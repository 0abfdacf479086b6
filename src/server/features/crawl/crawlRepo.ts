import type { Insertable, Kysely, Selectable } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { PageLogEntry } from './crawlChannelDay.js';
import type { CrawlTables } from './crawlTables.js';
import type { ListingPageKind } from './crawlTypes.js';
import { PROCESS_STATUS, TRIGGER_TYPE } from '../../../shared/crawl/crawlVocabulary.js';

export type ModelSchemaRow = Selectable<CrawlTables['model_schemas']>;
export type ChannelProfileRow = Selectable<CrawlTables['channel_profiles']>;
export type CrawlRunRow = Selectable<CrawlTables['crawl_runs']>;

/** Every read and write names the group: another group's ids are simply not found. */
export class CrawlRepo {
  private readonly db: Kysely<CrawlTables>;

  constructor(db: Kysely<StoreDatabase>) {
    this.db = db.withTables<CrawlTables>();
  }

  schemas(groupId: number): Promise<ModelSchemaRow[]> {
    return this.db
      .selectFrom('model_schemas')
      .selectAll()
      .where('group_id', '=', groupId)
      .orderBy('id')
      .execute();
  }

  schemaOf(groupId: number, id: number): Promise<ModelSchemaRow | undefined> {
    return this.db
      .selectFrom('model_schemas')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertSchema(row: {
    groupId: number;
    name: string;
    crawlType: number;
    responseType: string;
    json: string;
  }): Promise<number> {
    const { id } = await this.db
      .insertInto('model_schemas')
      .values({
        group_id: row.groupId,
        name: row.name,
        crawl_type: row.crawlType,
        response_type: row.responseType,
        schema_json: row.json,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async updateSchema(
    groupId: number,
    id: number,
    patch: { name: string; crawlType: number; json: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('model_schemas')
      .set({ name: patch.name, crawl_type: patch.crawlType, schema_json: patch.json, updated_at: new Date() })
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  profiles(groupId: number): Promise<ChannelProfileRow[]> {
    return this.db
      .selectFrom('channel_profiles')
      .selectAll()
      .where('group_id', '=', groupId)
      .orderBy('channel_id')
      .execute();
  }

  profileOf(groupId: number, channelId: number): Promise<ChannelProfileRow | undefined> {
    return this.db
      .selectFrom('channel_profiles')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
  }

  /** Every group's profile of a channel: politeness is the channel's, set for all of them at once. */
  profilesOfChannel(channelId: number): Promise<ChannelProfileRow[]> {
    return this.db
      .selectFrom('channel_profiles')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('group_id')
      .execute();
  }

  /** The channel's crawl politeness (pages at once, requests per second) in every group's profile. */
  async setPoliteness(channelId: number, limits: { concurrency: number; requestsPerSecond: number }) {
    await this.db
      .updateTable('channel_profiles')
      .set({ concurrency: limits.concurrency, requests_per_second: limits.requestsPerSecond })
      .where('channel_id', '=', channelId)
      .execute();
  }

  /** A group's profile of a channel, written whole (a marketplace added by configuration); its id. */
  async saveProfile(
    groupId: number,
    channelId: number,
    values: Omit<Insertable<CrawlTables['channel_profiles']>, 'id' | 'group_id' | 'channel_id'>,
  ): Promise<number> {
    const existing = await this.profileOf(groupId, channelId);
    if (existing) {
      await this.db.updateTable('channel_profiles').set(values).where('id', '=', existing.id).execute();
      return existing.id;
    }
    const row = await this.db
      .insertInto('channel_profiles')
      .values({ ...values, group_id: groupId, channel_id: channelId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async saveSamplePages(profileId: number, pages: string): Promise<void> {
    await this.db
      .updateTable('channel_profiles')
      .set({ sample_pages: pages })
      .where('id', '=', profileId)
      .execute();
  }

  async saveSample(profileId: number, page: string): Promise<void> {
    await this.db
      .updateTable('channel_profiles')
      .set({ sample_page: page })
      .where('id', '=', profileId)
      .execute();
  }

  async createRun(run: {
    groupId: number;
    channelId: number;
    crawlType: number;
    date: string;
    status: number;
    triggerType?: number;
  }): Promise<CrawlRunRow> {
    return this.db
      .insertInto('crawl_runs')
      .values({
        group_id: run.groupId,
        channel_id: run.channelId,
        crawl_type: run.crawlType,
        trigger_type: run.triggerType ?? TRIGGER_TYPE.productPages,
        crawl_date: run.date,
        status: run.status,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateRun(id: number, patch: Partial<Omit<CrawlRunRow, 'id' | 'group_id'>>): Promise<void> {
    await this.db.updateTable('crawl_runs').set(patch).where('id', '=', id).execute();
  }

  /**
   * Waiting -> In Progress in one update (a waiting note, such as a re-queue's, is cleared); false
   * when the run was not Waiting (another job has it).
   */
  async claimWaiting(id: number): Promise<boolean> {
    const claimed = await this.db
      .updateTable('crawl_runs')
      .set({ status: PROCESS_STATUS.inProgress, started_at: new Date(), message: '' })
      .where('id', '=', id)
      .where('status', '=', PROCESS_STATUS.waiting)
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  runOf(groupId: number, id: number): Promise<CrawlRunRow | undefined> {
    return this.db
      .selectFrom('crawl_runs')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  runById(id: number): Promise<CrawlRunRow | undefined> {
    return this.db.selectFrom('crawl_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Runs of the group, newest first; `sinceMinutes` is the monitor's delay window. */
  runs(
    groupId: number,
    q: { limit: number; offset: number; status?: number; sinceMinutes?: number },
  ): Promise<CrawlRunRow[]> {
    let query = this.db.selectFrom('crawl_runs').selectAll().where('group_id', '=', groupId);
    if (q.status !== undefined) query = query.where('status', '=', q.status);
    if (q.sinceMinutes !== undefined)
      query = query.where('created_at', '>=', new Date(Date.now() - q.sinceMinutes * 60_000));
    return query.orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute();
  }

  async writePageLog(runId: number, groupId: number, log: readonly PageLogEntry[]): Promise<void> {
    const rows = log.map((l) => ({
      run_id: runId,
      group_id: groupId,
      url: l.url,
      product_id: l.productId,
      city_id: l.cityId,
      listing_id: l.listing?.id ?? null,
      listing_page: l.listing?.page ?? null,
      listing_kind: l.listing?.kind ?? null,
      http_status: l.httpStatus,
      attempts: l.attempts,
      ms: l.ms,
      reason: l.reason,
      blocked: l.blocked,
      session_id: l.sessionId,
    }));
    for (let i = 0; i < rows.length; i += 2000)
      await this.db
        .insertInto('crawl_page_log')
        .values(rows.slice(i, i + 2000))
        .execute();
  }

  /** The latest run before `run.id` of the same channel-day and trigger that had pages to fetch. */
  private latestEarlierRun(
    run: Pick<CrawlRunRow, 'id' | 'group_id' | 'channel_id' | 'crawl_date' | 'trigger_type'>,
  ) {
    return this.db
      .selectFrom('crawl_runs')
      .select('id')
      .where('group_id', '=', run.group_id)
      .where('channel_id', '=', run.channel_id)
      .where('crawl_date', '=', run.crawl_date)
      .where('trigger_type', '=', run.trigger_type)
      .where('id', '<', run.id)
      .where('pages_total', '>', 0)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /**
   * The pages the latest earlier run of this channel-day fetched (loaded or failed): what the group
   * tracked then, so a page that failed once is crawled again.
   */
  async pagesOfEarlierRun(
    groupId: number,
    channelId: number,
    date: string,
    beforeRunId: number,
  ): Promise<{ productId: number; cityId: number }[]> {
    const earlier = await this.latestEarlierRun({
      group_id: groupId,
      channel_id: channelId,
      crawl_date: date,
      trigger_type: TRIGGER_TYPE.productPages,
      id: beforeRunId,
    });
    if (!earlier) return [];
    const rows = await this.db
      .selectFrom('crawl_page_log')
      .select(['product_id', 'city_id'])
      .where('group_id', '=', groupId)
      .where('run_id', '=', earlier.id)
      .execute();
    return rows.map((r) => ({ productId: r.product_id, cityId: r.city_id }));
  }

  /**
   * The listing pages that failed in the latest earlier run of this channel-day and trigger (with
   * pages): the next run fetches exactly these again. None when that run loaded every page (or
   * there is none): the next run crawls the whole day. `kind` is null on pages logged before
   * migration 400 (the trigger's own kind).
   */
  async failedListingPagesOfEarlierRun(
    run: Pick<CrawlRunRow, 'id' | 'group_id' | 'channel_id' | 'crawl_date' | 'trigger_type'>,
  ): Promise<{
    runId: number;
    pages: { url: string; id: number; page: number; kind: ListingPageKind | null }[];
  } | null> {
    const earlier = await this.latestEarlierRun(run);
    if (!earlier) return null;
    const rows = await this.db
      .selectFrom('crawl_page_log')
      .select(['url', 'listing_id', 'listing_page', 'listing_kind'])
      .where('group_id', '=', run.group_id)
      .where('run_id', '=', earlier.id)
      .where('reason', 'is not', null)
      .where('listing_id', 'is not', null)
      .orderBy('id')
      .execute();
    if (rows.length === 0) return null;
    return {
      runId: earlier.id,
      pages: rows.map((r) => ({
        url: r.url,
        id: r.listing_id!,
        page: r.listing_page!,
        kind: r.listing_kind as ListingPageKind | null,
      })),
    };
  }

  pageLog(groupId: number, runId: number, q: { limit: number; offset: number; failedOnly: boolean }) {
    let query = this.db
      .selectFrom('crawl_page_log')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('run_id', '=', runId);
    if (q.failedOnly) query = query.where('reason', 'is not', null);
    return query.orderBy('id').limit(q.limit).offset(q.offset).execute();
  }
}
