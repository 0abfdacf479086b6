import { TRIGGER_TYPE } from '../../../shared/crawl/crawlVocabulary.js';
import { deriveOrganicRank } from '../../platform/warehouse/schema/adShelfFlags.js';
import type { Warehouse, WarehouseStatement } from '../../platform/warehouse/warehouse.js';
import { buildBestsellerRows, type BestsellerPage } from './bestsellerRows.js';
import {
  bestsellerReader,
  bestsellerRetryInputs,
  bestsellerStatements,
  loadBestsellerInputs,
  type BestsellerReader,
} from './bestsellerPages.js';
import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import { crawlPages } from './crawlPages.js';
import { crawlByCursor } from './cursorPaging.js';
import type { ChannelProfileRow, CrawlRepo, CrawlRunRow } from './crawlRepo.js';
import type { CrawlInput, CrawlProfile, PageOutcome } from './crawlTypes.js';
import { loadListingContext, type ListingContext } from './listingContext.js';
import { buildListingRows, type ListingPage, type ListingTrigger } from './listingRows.js';
import { inserts } from '../../platform/warehouse/stagedRows.js';
import { finishCrawlRun } from './finishCrawlRun.js';
import { listingSchema } from './listingSchema.js';
import { writingDays } from '../../platform/warehouse/writeScope.js';

const TABLE = { search: 'fact_search', category: 'fact_category_rank' } as const;
/** crawl_log's crawl type of each (spec §9: visibility reads keyword, category reads category). */
const CRAWL_LOG_TYPE = { search: 'keyword', category: 'category' } as const;

/** A listing page to fetch: no product or city of its own; its keyword or category and page are logged. */
function listingInput(trigger: ListingTrigger, url: string, id: number, page: number): CrawlInput {
  return { productId: 0, cityId: 0, url, listing: { kind: trigger, id, page } };
}

/**
 * The listing pages to crawl: each keyword (search) or category (display) with the result pages
 * the channel's latest crawl up to `date` had, addressed through the profile's URL template.
 */
export async function loadListingInputs(
  wh: Warehouse,
  trigger: ListingTrigger,
  key: { groupId: number; channelId: number; date: string },
  baseUrl: string,
  template: string,
): Promise<{ inputs: CrawlInput[]; pages: ListingPage[] }> {
  const table = TABLE[trigger];
  const latest = `(SELECT max(crawl_date) FROM ${table} WHERE group_id = $1 AND channel_id = $2 AND crawl_date <= $3)`;
  const params = [key.groupId, key.channelId, key.date];
  const url = (term: string, page: number) =>
    baseUrl +
    template
      .replace(trigger === 'search' ? '{keyword}' : '{category}', encodeURIComponent(term))
      .replace('{page}', String(page));
  if (trigger === 'search') {
    const rows = await wh.query<{
      keyword_id: number;
      keyword: string;
      keyword_type: string;
      search_volume: number;
      page: number;
    }>(
      `SELECT s.keyword_id, k.keyword, k.keyword_type, k.search_volume, s.page
         FROM (SELECT DISTINCT keyword_id, page FROM fact_search
                WHERE group_id = $1 AND channel_id = $2 AND crawl_date = ${latest}) s
         JOIN dim_keyword k ON k.keyword_id = s.keyword_id
        ORDER BY s.keyword_id, s.page`,
      params,
    );
    return {
      inputs: rows.map((r) => listingInput(trigger, url(r.keyword, r.page), r.keyword_id, r.page)),
      pages: rows.map((r) => ({
        page: r.page,
        keywordId: r.keyword_id,
        keywordType: r.keyword_type,
        searchVolume: r.search_volume,
      })),
    };
  }
  const rows = await wh.query<{ category_id: number; page: number }>(
    `SELECT DISTINCT category_id, page FROM fact_category_rank
      WHERE group_id = $1 AND channel_id = $2 AND crawl_date = ${latest}
      ORDER BY category_id, page`,
    params,
  );
  return {
    inputs: rows.map((r) => listingInput(trigger, url(String(r.category_id), r.page), r.category_id, r.page)),
    pages: rows.map((r) => ({ page: r.page, categoryId: r.category_id })),
  };
}

/**
 * The listing pages an earlier run of the day failed, to fetch again at the address it used: a
 * keyword's type and search volume from dim_keyword (what a search row carries besides results).
 */
async function retryInputs(
  wh: Warehouse,
  trigger: ListingTrigger,
  failed: readonly { url: string; id: number; page: number }[],
): Promise<{ inputs: CrawlInput[]; pages: ListingPage[] }> {
  const inputs = failed.map((f) => listingInput(trigger, f.url, f.id, f.page));
  if (trigger === 'category' || failed.length === 0)
    return { inputs, pages: failed.map((f) => ({ page: f.page, categoryId: f.id })) };
  const ids = [...new Set(failed.map((f) => f.id))];
  const keywords = await wh.query<{ keyword_id: number; keyword_type: string; search_volume: number }>(
    `SELECT keyword_id, keyword_type, search_volume FROM dim_keyword
      WHERE keyword_id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})`,
    ids,
  );
  const byId = new Map(keywords.map((k) => [Number(k.keyword_id), k]));
  return {
    inputs,
    pages: failed.map((f) => ({
      page: f.page,
      keywordId: f.id,
      keywordType: byId.get(f.id)?.keyword_type ?? '',
      searchVolume: Number(byId.get(f.id)?.search_volume ?? 0),
    })),
  };
}

/** Statements moving the group's crawl_log date of `type` forward to `date` (never back). */
async function crawlLogStatements(
  wh: Warehouse,
  groupId: number,
  type: string,
  date: string,
): Promise<WarehouseStatement[]> {
  const [last] = await wh.query<{ d: string }>(
    `SELECT last_crawl_date AS d FROM crawl_log WHERE group_id = $1 AND crawl_type = $2`,
    [groupId, type],
  );
  if (last && last.d >= date) return [];
  return [
    { sql: `DELETE FROM crawl_log WHERE group_id = $1 AND crawl_type = $2`, params: [groupId, type] },
    { sql: `INSERT INTO crawl_log VALUES ($1, $2, $3)`, params: [groupId, type, date] },
  ];
}

/**
 * Statements replacing the channel's day of fact_search / fact_category_rank with the crawled
 * rows, or with `only` (a retry of failed pages) just those pages' rows.
 */
function listingStatements(
  trigger: ListingTrigger,
  slice: { groupId: number; channelId: number; date: string },
  rows: unknown[][],
  only?: readonly { id: number; page: number }[],
): WarehouseStatement[] {
  const table = TABLE[trigger];
  const keyColumn = trigger === 'search' ? 'keyword_id' : 'category_id';
  const day = [slice.groupId, slice.channelId, slice.date];
  const clear: WarehouseStatement[] = only
    ? only.map((p) => ({
        sql: `DELETE FROM ${table} WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3 AND ${keyColumn} = $4 AND page = $5`,
        params: [...day, p.id, p.page],
      }))
    : [
        {
          sql: `DELETE FROM ${table} WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3`,
          params: day,
        },
      ];
  return [...clear, ...inserts(table, rows)];
}

/** A listing page's keyword or category id and page (what a retry replaces). */
const pageKey = (p: ListingPage) => ({ id: p.keywordId ?? p.categoryId ?? 0, page: p.page });

/**
 * The listing pages fetched and what each is: the given pages, or with cursor paging (a profile's
 * `paging`, cursorPaging.ts) each keyword or category scrolled from the first of its given pages
 * (its first page; a retry's first failed page) for as long as its answers lead on.
 */
async function fetchListingPages(
  inputs: readonly CrawlInput[],
  pages: readonly ListingPage[],
  limits: CrawlProfile,
  listing: { model: DataModelEntry[]; items: string },
): Promise<{ outcomes: PageOutcome[]; pages: ListingPage[]; stops: string[] }> {
  const paging = limits.settings?.paging;
  if (paging?.mode !== 'cursor') {
    const outcomes = await crawlPages(inputs, limits, listing.model, undefined, listing.items);
    return { outcomes, pages: [...pages], stops: [] };
  }
  const startOf = new Map<number, { input: CrawlInput; page: ListingPage }>();
  inputs.forEach((input, i) => {
    const id = input.listing!.id;
    const known = startOf.get(id);
    if (!known || input.listing!.page < known.page.page) startOf.set(id, { input, page: pages[i]! });
  });
  const starts = [...startOf.values()].map((s) => s.input);
  const scrolled = await crawlByCursor(starts, limits, listing, paging);
  return {
    outcomes: scrolled.outcomes,
    pages: scrolled.outcomes.map((o) => ({
      ...startOf.get(o.input.listing!.id)!.page,
      page: o.input.listing!.page,
    })),
    stops: scrolled.stops,
  };
}

/** A Display run's bestseller pages: fetched again (`retry`), or the day's lists. */
async function bestsellerWork(
  wh: Warehouse,
  reader: BestsellerReader | null,
  key: { groupId: number; channelId: number; date: string },
  baseUrl: string,
  retry: readonly { url: string; id: number; page: number }[] | undefined,
): Promise<{ inputs: CrawlInput[]; pages: BestsellerPage[] }> {
  if (!reader) return { inputs: [], pages: [] };
  if (retry) return bestsellerRetryInputs(retry);
  return loadBestsellerInputs(wh, key, baseUrl, reader.template);
}

/**
 * A Search (1) or Display (2) run: fetch the channel-day's listing pages, extract each result
 * with the profile's listing schema (its `items`), and load the day's fact_search or
 * fact_category_rank in one warehouse transaction. A Display run also fetches the day's
 * bestseller lists through the profile's bestseller schema and replaces the day's fact_bestseller
 * in the same transaction. A page with a result that makes no sense is logged with its reason and
 * loads nothing. When the day's previous run of this trigger had failed pages, this run fetches
 * exactly those again (of either kind) and loads only their rows (the rest stay).
 */
export async function runListingCrawl(
  wh: Warehouse,
  repo: CrawlRepo,
  run: CrawlRunRow,
  profile: ChannelProfileRow,
  limits: CrawlProfile,
): Promise<void> {
  const trigger: ListingTrigger = run.trigger_type === TRIGGER_TYPE.search ? 'search' : 'category';
  const { group_id: groupId, channel_id: channelId, crawl_date: date } = run;
  const key = { groupId, channelId, date };
  const listing = await listingSchema(repo, groupId, profile.listing_schema_id, 'listing');
  const bestsellers = trigger === 'category' ? await bestsellerReader(repo, profile) : null;
  const template = trigger === 'search' ? profile.search_url_template : profile.display_url_template;
  if (template === '') throw new Error(`The channel profile has no ${trigger} page address`);
  const retry = await repo.failedListingPagesOfEarlierRun(run);
  // Pages logged before bestseller lists were crawled carry no kind: the trigger's own.
  const failedOf = (kind: string) => retry?.pages.filter((p) => (p.kind ?? trigger) === kind);
  const retryListing = failedOf(trigger);
  const { inputs, pages } = retry
    ? await retryInputs(wh, trigger, retryListing!)
    : await loadListingInputs(wh, trigger, key, profile.base_url, template);
  const bs = await bestsellerWork(wh, bestsellers, key, profile.base_url, failedOf('bestseller'));
  await repo.updateRun(run.id, { pages_total: inputs.length + bs.inputs.length });
  const t0 = performance.now();
  // One list after the other: the channel's politeness holds for the run as a whole.
  const fetched = await fetchListingPages(inputs, pages, limits, listing);
  const outcomes = fetched.outcomes;
  const bsOutcomes = bestsellers
    ? await crawlPages(bs.inputs, limits, bestsellers.model, undefined, bestsellers.items)
    : [];
  const pagesTotal = outcomes.length + bsOutcomes.length;
  const t1 = performance.now();
  const bySku = new Map<string, ListingContext>();
  for (const c of (await loadListingContext(wh, groupId, channelId, date)).values()) bySku.set(c.sku, c);
  const built = buildListingRows(trigger, outcomes, fetched.pages, bySku, groupId, channelId, date);
  const bsBuilt = buildBestsellerRows(bsOutcomes, bs.pages, bySku, groupId, channelId, date);
  const statements: WarehouseStatement[] = [];
  if (built.rows.length > 0)
    statements.push(
      ...listingStatements(trigger, key, built.rows, retry ? fetched.pages.map(pageKey) : undefined),
      ...(await crawlLogStatements(wh, groupId, CRAWL_LOG_TYPE[trigger], date)),
    );
  if (bsBuilt.rows.length > 0)
    statements.push(
      ...bestsellerStatements(key, bsBuilt.rows, retry ? bs.pages : undefined),
      ...(await crawlLogStatements(wh, groupId, 'best_seller', date)),
    );
  // The day's rows only: answers over earlier days stay cached (writeScope.ts).
  await writingDays({ groupId, from: date }, async () => {
    if (statements.length > 0) await wh.transaction(statements);
    // The day's ads take their product's organic rank from the new results (adShelfFlags.ts).
    if (trigger === 'search' && built.rows.length > 0) await deriveOrganicRank(wh, groupId, key);
  });
  await finishCrawlRun(repo, {
    runId: run.id,
    groupId,
    pagesTotal,
    outcomes: [...outcomes, ...bsOutcomes],
    rejected: [...built.rejected, ...bsBuilt.rejected],
    rowsLoaded: built.rows.length + bsBuilt.rows.length,
    t0,
    t1,
    okMessage: '',
    notes: fetched.stops.length > 0 ? `Cursor paging stopped (${fetched.stops.slice(0, 3).join('; ')})` : '',
    retryOf: retry?.runId,
  });
}
