import { DEFAULT_LIMITS, type CrawlOutbound, type CrawlProfile } from './crawlTypes.js';
import type { ChannelProfileRow } from './crawlRepo.js';
import { parseCrawlSettings } from './crawlSettings.js';
import { openProxy } from './proxySecrets.js';

/**
 * The crawler's settings from a stored channel profile, under the server's outbound policy; its
 * proxy endpoints opened (proxySecrets.ts) only here, for the crawl that uses them.
 */
export function profileLimits(row: ChannelProfileRow, outbound: CrawlOutbound): CrawlProfile {
  const settings = parseCrawlSettings(row.crawl_settings);
  return {
    ...DEFAULT_LIMITS,
    responseType: row.response_type === 'JSON' ? 'JSON' : 'HTML',
    allowedHosts: row.allowed_hosts,
    concurrency: row.concurrency,
    requestsPerSecond: row.requests_per_second,
    outbound,
    settings: { ...settings, proxies: settings.proxies.map((p) => openProxy(p, row.group_id)) },
  };
}
