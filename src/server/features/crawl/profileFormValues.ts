import type { ChannelProfileRow } from './crawlRepo.js';
import { maskProxy, openProxy } from './proxySecrets.js';

/** A stored proxy endpoint as a form shows it: `http://***@host:port`, never its credentials. */
export function shownProxy(stored: string, groupId: number): string {
  try {
    return maskProxy(openProxy(stored, groupId));
  } catch {
    return 'sealed (CRAWL_PROXY_KEY differs)';
  }
}

/**
 * A saved channel profile as the Platform Settings profile form takes it (the body of
 * `channelprofile/save`), so an edit starts from what is stored: crawl settings pretty-printed
 * with proxies masked (saved back unchanged, a masked endpoint keeps its sealed original:
 * checkCrawlSettings.ts).
 */
export function profileFormValues(row: ChannelProfileRow): Record<string, unknown> {
  let settings: Record<string, unknown> = {};
  try {
    settings = JSON.parse(row.crawl_settings || '{}') as Record<string, unknown>;
  } catch {
    /* unreadable settings: shown empty, saved whole again */
  }
  if (Array.isArray(settings.proxies))
    settings.proxies = (settings.proxies as unknown[]).map((p) =>
      typeof p === 'string' ? shownProxy(p, row.group_id) : p,
    );
  const optional = (v: number | null) => (v === null ? undefined : v);
  return {
    channel_id: row.channel_id,
    channel_name: row.channel_name,
    response_type: row.response_type,
    platform: row.platform,
    base_url: row.base_url,
    url_template: row.url_template,
    allowed_hosts: row.allowed_hosts.join(', '),
    model_schema_id: optional(row.model_schema_id),
    listing_schema_id: optional(row.listing_schema_id),
    bestseller_schema_id: optional(row.bestseller_schema_id),
    search_url_template: row.search_url_template,
    display_url_template: row.display_url_template,
    bestseller_url_template: row.bestseller_url_template,
    concurrency: row.concurrency,
    requests_per_second: row.requests_per_second,
    crawl_settings: JSON.stringify(settings, null, 2),
  };
}
