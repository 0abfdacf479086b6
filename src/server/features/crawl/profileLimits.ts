import { DEFAULT_LIMITS, type CrawlOutbound, type CrawlProfile } from './crawlTypes.js';
import type { ChannelProfileRow } from './crawlRepo.js';
import { parseCrawlSettings } from './crawlSettings.js';

/** The crawler's settings from a stored channel profile, under the server's outbound policy. */
export function profileLimits(row: ChannelProfileRow, outbound: CrawlOutbound): CrawlProfile {
  return {
    ...DEFAULT_LIMITS,
    responseType: row.response_type === 'JSON' ? 'JSON' : 'HTML',
    allowedHosts: row.allowed_hosts,
    concurrency: row.concurrency,
    requestsPerSecond: row.requests_per_second,
    outbound,
    settings: parseCrawlSettings(row.crawl_settings),
  };
}
