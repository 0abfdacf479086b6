import type { DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { buildFactRows } from './buildFactRows.js';
import { coverageStatements, ensureCoverageTable } from './crawlCoverage.js';
import { crawlPages } from './crawlPages.js';
import type { CrawlInput, CrawlProfile } from './crawlTypes.js';
import { loadFactRows } from './loadFactRows.js';
import { loadListingContext } from './listingContext.js';
import { pageLog } from './pageLog.js';
import { writingDays } from '../../platform/warehouse/writeScope.js';

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
  /** Behind a bot wall whichever session asked: no observation (never a row). */
  blocked: boolean;
  sessionId: string | null;
}

export interface CrawlSummary {
  pages: number;
  pagesOk: number;
  pagesFailed: number;
  /** Of the failed pages, those behind a bot wall whichever session asked. */
  pagesBlocked: number;
  stockRows: number;
  priceRows: number;
  fetchMs: number;
  loadMs: number;
  log: PageLogEntry[];
}

/**
 * One channel's day, end to end: fetch and extract every input page, build the fact rows, load
 * them in one transaction. Pages that fail (fetch or validation) are logged with their reason and
 * load nothing; the others replace the channel's day. A page behind a bot wall is logged blocked
 * and counted as missing coverage of its city (crawl_coverage, in the same transaction).
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
  const log = pageLog(outcomes, rows.rejected);
  const slice = { groupId, channelId, date };
  await ensureCoverageTable(wh);
  const coverage = coverageStatements(slice, log);
  if (rows.stock.length > 0) await loadFactRows(wh, slice, rows, coverage);
  else await writingDays({ groupId, from: date }, () => wh.transaction(coverage));
  const failed = log.filter((l) => l.reason !== null).length;
  return {
    pages: inputs.length,
    pagesOk: inputs.length - failed,
    pagesFailed: failed,
    pagesBlocked: log.filter((l) => l.blocked).length,
    stockRows: rows.stock.length,
    priceRows: rows.price.length,
    fetchMs: Math.round(t1 - t0),
    loadMs: Math.round(performance.now() - t1),
    log,
  };
}
