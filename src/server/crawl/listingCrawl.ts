import { TRIGGER_TYPE } from '../../shared/crawl/crawlVocabulary.js';
import { checkModelSchema } from '../../shared/crawl/modelSchemaRules.js';
import { deriveOrganicRank } from '../warehouse/schema/adShelfFlags.js';
import type { Warehouse, WarehouseStatement } from '../warehouse/warehouse.js';
import { crawlPages } from './crawlPages.js';
import type { ChannelProfileRow, CrawlRepo, CrawlRunRow } from './crawlRepo.js';
import type { CrawlInput } from './crawlTypes.js';
import { loadListingContext, type ListingContext } from './listingContext.js';
import { buildListingRows, type ListingPage, type ListingTrigger } from './listingRows.js';
import { inserts } from './loadFactRows.js';
import { finishCrawlRun } from './finishCrawlRun.js';
import { profileLimits } from './profileLimits.js';

const TABLE = { search: 'fact_search', category: 'fact_category_rank' } as const;
/** crawl_log's crawl type of each (spec §9: visibility reads keyword, category reads category). */
const CRAWL_LOG_TYPE = { search: 'keyword', category: 'category' } as const;

/** A listing page to fetch: no product or city of its own; its keyword or category and page are logged. */
function listingInput(url: string, id: number, page: number): CrawlInput {
  return { productId: 0, cityId: 0, url, listing: { id, page } };
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
      inputs: rows.map((r) => listingInput(url(r.keyword, r.page), r.keyword_id, r.page)),
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
    inputs: rows.map((r) => listingInput(url(String(r.category_id), r.page), r.category_id, r.page)),
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
  const inputs = failed.map((f) => listingInput(f.url, f.id, f.page));
  if (trigger === 'category')
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

/**
 * Loads the crawled rows and moves crawl_log forward, in one transaction: the channel's whole day
 * is replaced, or with `only` (a retry of failed pages) just those pages' rows.
 */
async function loadListingRows(
  wh: Warehouse,
  trigger: ListingTrigger,
  slice: { groupId: number; channelId: number; date: string },
  rows: unknown[][],
  only?: readonly { id: number; page: number }[],
): Promise<void> {
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
  const type = CRAWL_LOG_TYPE[trigger];
  const [last] = await wh.query<{ d: string }>(
    `SELECT last_crawl_date AS d FROM crawl_log WHERE group_id = $1 AND crawl_type = $2`,
    [slice.groupId, type],
  );
  const crawlLog: WarehouseStatement[] =
    last && last.d >= slice.date
      ? []
      : [
          {
            sql: `DELETE FROM crawl_log WHERE group_id = $1 AND crawl_type = $2`,
            params: [slice.groupId, type],
          },
          { sql: `INSERT INTO crawl_log VALUES ($1, $2, $3)`, params: [slice.groupId, type, slice.date] },
        ];
  await wh.transaction([...clear, ...inserts(table, rows), ...crawlLog]);
  // The day's ads take their product's organic rank from the new results (adShelfFlags.ts).
  if (trigger === 'search') await deriveOrganicRank(wh, slice.groupId, slice);
}

/**
 * A Search (1) or Display (2) run: fetch the channel-day's listing pages, extract each result
 * with the profile's listing schema (its `items`), and load the day's fact_search or
 * fact_category_rank in one warehouse transaction. A page with a result that makes no sense is
 * logged with its reason and loads nothing. When the day's previous run of this trigger had failed
 * pages, this run fetches exactly those again and loads only their rows (the rest stay).
 */
export async function runListingCrawl(
  wh: Warehouse,
  repo: CrawlRepo,
  run: CrawlRunRow,
  profile: ChannelProfileRow,
): Promise<void> {
  const trigger: ListingTrigger = run.trigger_type === TRIGGER_TYPE.search ? 'search' : 'category';
  const { group_id: groupId, channel_id: channelId, crawl_date: date } = run;
  const schemaRow =
    profile.listing_schema_id === null ? undefined : await repo.schemaOf(groupId, profile.listing_schema_id);
  if (!schemaRow) throw new Error('The channel profile has no listing schema');
  const schema = checkModelSchema(schemaRow.schema_json);
  if (!schema.ok) throw new Error(`Model schema ${schemaRow.name}: ${schema.msg}`);
  const items = schema.schema.items;
  if (typeof items !== 'string' || items.trim() === '')
    throw new Error(`Model schema ${schemaRow.name} has no items (the repeating result of a listing page)`);
  const template = trigger === 'search' ? profile.search_url_template : profile.display_url_template;
  if (template === '') throw new Error(`The channel profile has no ${trigger} page address`);
  const retry = await repo.failedListingPagesOfEarlierRun(run);
  const { inputs, pages } = retry
    ? await retryInputs(wh, trigger, retry.pages)
    : await loadListingInputs(wh, trigger, { groupId, channelId, date }, profile.base_url, template);
  await repo.updateRun(run.id, { pages_total: inputs.length });
  const t0 = performance.now();
  const outcomes = await crawlPages(
    inputs,
    profileLimits(profile),
    schema.schema.dataModel,
    undefined,
    items,
  );
  const t1 = performance.now();
  const bySku = new Map<string, ListingContext>();
  for (const c of (await loadListingContext(wh, groupId, channelId, date)).values()) bySku.set(c.sku, c);
  const built = buildListingRows(trigger, outcomes, pages, bySku, groupId, channelId, date);
  if (built.rows.length > 0)
    await loadListingRows(wh, trigger, { groupId, channelId, date }, built.rows, retry?.pages);
  await finishCrawlRun(repo, {
    runId: run.id,
    groupId,
    pagesTotal: inputs.length,
    outcomes,
    rejected: built.rejected,
    rowsLoaded: built.rows.length,
    t0,
    t1,
    okMessage: '',
    retryOf: retry?.runId,
  });
}
