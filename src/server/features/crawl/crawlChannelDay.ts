import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { buildFactRows } from './buildFactRows.js';
import { crawlPages } from './crawlPages.js';
import type { CrawlInput, CrawlProfile } from './crawlTypes.js';
import { loadFactRows } from './loadFactRows.js';
import { loadListingContext } from './listingContext.js';
import { pageLog } from './pageLog.js';

export interface PageLogEntry {
  url: string;
  productId: number;
  cityId: number;
  listing?: CrawlInput['listing'];
  httpStatus: number | null;
  ms: number;
  attempts: number;
  /** null when the page was loaded. */
  reason: string | null;
}

export interface CrawlSummary {
  pages: number;
  pagesOk: number;
  pagesFailed: number;
  stockRows: number;
  priceRows: number;
  fetchMs: number;
  loadMs: number;
  log: PageLogEntry[];
}

/**
 * One channel's day, end to end: fetch and extract every input page, build the fact rows, load
 * them in one transaction. Pages that fail (fetch or validation) are logged with their reason and
 * load nothing; the others replace the channel's day.
 */
export async function crawlChannelDay(options: {
  wh: Warehouse;
  groupId: number;
  channelId: number;
  date: string;
  profile: CrawlProfile;
  model: readonly DataModelEntry[];
  inputs: readonly CrawlInput[];
  onPage?: (done: number, total: number) => void;
}): Promise<CrawlSummary> {
  const { wh, groupId, channelId, date, inputs } = options;
  const t0 = performance.now();
  const outcomes = await crawlPages(inputs, options.profile, options.model, (done) =>
    options.onPage?.(done, inputs.length),
  );
  const t1 = performance.now();
  const listings = await loadListingContext(wh, groupId, channelId, date);
  const rows = buildFactRows(outcomes, listings, groupId, channelId, date);
  if (rows.stock.length > 0) await loadFactRows(wh, { groupId, channelId, date }, rows);
  const log = pageLog(outcomes, rows.rejected);
  const failed = log.filter((l) => l.reason !== null).length;
  return {
    pages: inputs.length,
    pagesOk: inputs.length - failed,
    pagesFailed: failed,
    stockRows: rows.stock.length,
    priceRows: rows.price.length,
    fetchMs: Math.round(t1 - t0),
    loadMs: Math.round(performance.now() - t1),
    log,
  };
}
