import { ProxyAgent, type Dispatcher } from 'undici';
import { policyLookup } from '../../platform/http/outbound/outboundLookup.js';
import { refusedBeforeConnect } from './crawlOutbound.js';
import type { CrawlProfile } from './crawlTypes.js';

/** A proxy endpoint of a channel's settings and how it has fared: the least-failed one gets the next session. */
export interface CrawlProxy {
  url: string;
  failures: number;
  /** Null: the outbound policy refuses the proxy itself, so no request is ever sent through it. */
  dispatcher: Dispatcher | null;
}

/**
 * A proxy under the outbound policy (platform/http/outbound), like a page: an http(s) proxy whose
 * address is refused (loopback, private, link-local, metadata, in any encoding) is never connected
 * to, and one named by a host name is connected through the policy's lookup, so a name that
 * resolves to a refused address is refused on the connection itself (DNS rebinding). A proxy the
 * server runs on purpose (a trusted host:port) passes as written.
 */
export function crawlProxy(url: string, profile: Pick<CrawlProfile, 'concurrency' | 'outbound'>): CrawlProxy {
  let parsed: URL | null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  const usable =
    parsed !== null &&
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    !refusedBeforeConnect(parsed, profile.outbound);
  if (!parsed || !usable) return { url, failures: 0, dispatcher: null };
  const trusted = profile.outbound.trustedHosts.includes(parsed.host);
  const dispatcher = new ProxyAgent({
    uri: url,
    connections: profile.concurrency,
    proxyTunnel: true,
    ...(trusted ? {} : { proxyTls: { lookup: policyLookup(profile.outbound.allow) } }),
  });
  return { url, failures: 0, dispatcher };
}
