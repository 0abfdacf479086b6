import type { Deps } from '../../platform/deps.js';
import { parseAllowList } from '../../platform/http/outbound/outboundPolicy.js';
import { literalRefused } from '../../platform/http/outbound/outboundLookup.js';
import type { CrawlOutbound } from './crawlTypes.js';

declare module '../../platform/deps.js' {
  interface Deps {
    /**
     * host:port of servers this process runs and crawls on purpose: the demo's fixture market on
     * loopback (demo/crawlMarket.ts). Set once at start; absent outside demo mode.
     */
    crawlTrustedHosts?: readonly string[];
  }
}

/** What this server's crawls may reach: OUTBOUND_ALLOW's ranges and public addresses, and its own market. */
export function crawlOutbound(deps: Deps): CrawlOutbound {
  return { allow: parseAllowList(deps.env.OUTBOUND_ALLOW), trustedHosts: deps.crawlTrustedHosts ?? [] };
}

/**
 * Whether a page's URL is refused before any connection: an address (in any encoding) outside the
 * policy. A name is checked on the connection itself (crawlAgent's lookup); a trusted host:port
 * passes as written.
 */
export function refusedBeforeConnect(url: URL, outbound: CrawlOutbound): boolean {
  if (outbound.trustedHosts.includes(url.host)) return false;
  return literalRefused(url.hostname, outbound.allow);
}
