import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import { PROCESS_STATUS } from '../../../shared/crawl/crawlVocabulary.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { crawlPages } from './crawlPages.js';
import type { ChannelProfileRow, CrawlRepo, CrawlRunRow } from './crawlRepo.js';
import type { CrawlInput, CrawlProfile } from './crawlTypes.js';
import { buildLiveRows, checkMoment, type LiveListing } from './liveCheckRows.js';
import { inserts } from '../../platform/warehouse/stagedRows.js';
import { finishCrawlRun } from './finishCrawlRun.js';

/** The listed pages of a channel: each listing of the live-tracking list in its city. */
async function loadLiveInputs(
  wh: Warehouse,
  groupId: number,
  profile: ChannelProfileRow,
): Promise<{ inputs: CrawlInput[]; listings: Map<number, LiveListing> }> {
  const rows = await wh.query<{ product_id: number; city_id: number; asin: string; mrp: number }>(
    `SELECT t.product_id, t.city_id, t.asin, p.mrp
       FROM setup_live_tracking t JOIN dim_product p ON p.product_id = t.product_id
      WHERE t.group_id = $1 AND t.channel_id = $2 ORDER BY t.asin`,
    [groupId, profile.channel_id],
  );
  return {
    inputs: rows.map((r) => ({
      productId: r.product_id,
      cityId: r.city_id,
      url:
        profile.base_url +
        profile.url_template
          .replace('{sku}', encodeURIComponent(r.asin))
          .replace('{city}', String(r.city_id)),
    })),
    listings: new Map(rows.map((r) => [r.product_id, { catalogueMrp: r.mrp }])),
  };
}

async function ownSellers(wh: Warehouse, groupId: number, channelId: number): Promise<Set<string>> {
  const rows = await wh.query<{ name: string }>(
    `SELECT seller_name AS name FROM dim_seller WHERE group_id = $1 AND channel_id = $2 AND is_auth = 1`,
    [groupId, channelId],
  );
  return new Set(rows.map((r) => r.name.trim().toLowerCase()));
}

/**
 * A Live Tracking run (crawl type 5): fetch exactly the listed pages of the channel, extract them
 * with the channel's model schema, and store each as this hour's observation (fact_live_check; a
 * second check in the same hour replaces the listing's first) in one warehouse transaction. The
 * shelf facts (fact_stock, fact_price) are not touched: a live check is not the day's crawl.
 */
export async function runLiveCrawl(
  wh: Warehouse,
  repo: CrawlRepo,
  run: CrawlRunRow,
  profile: ChannelProfileRow,
  limits: CrawlProfile,
  model: readonly DataModelEntry[],
  now: () => Date = () => new Date(),
): Promise<void> {
  const { group_id: groupId, channel_id: channelId } = run;
  const { inputs, listings } = await loadLiveInputs(wh, groupId, profile);
  await repo.updateRun(run.id, { pages_total: inputs.length });
  if (inputs.length === 0) {
    await repo.updateRun(run.id, {
      status: PROCESS_STATUS.noData,
      message: 'The live-tracking list has no listing on this channel',
      finished_at: new Date(),
    });
    return;
  }
  const t0 = performance.now();
  const outcomes = await crawlPages(inputs, limits, model);
  const t1 = performance.now();
  const at = checkMoment(run.crawl_date, now());
  const built = buildLiveRows(outcomes, listings, await ownSellers(wh, groupId, channelId), {
    groupId,
    channelId,
    runId: run.id,
    at,
  });
  if (built.rows.length > 0) {
    const loaded = built.rows.map((r) => r[6] as number);
    await wh.transaction([
      {
        sql: `DELETE FROM fact_live_check WHERE group_id = $1 AND channel_id = $2 AND check_date = $3
                AND check_hour = $4 AND product_id = ANY($5)`,
        params: [groupId, channelId, at.date, at.hour, loaded],
      },
      ...inserts('fact_live_check', built.rows),
    ]);
  }
  await finishCrawlRun(repo, {
    runId: run.id,
    groupId,
    pagesTotal: inputs.length,
    outcomes,
    rejected: built.rejected,
    rowsLoaded: built.rows.length,
    t0,
    t1,
    okMessage: `Live check at ${at.time} IST`,
  });
}
