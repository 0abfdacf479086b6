import { lookup } from 'node:dns';
import { interceptors, ProxyAgent, type Dispatcher } from 'undici';
import { policyLookup } from '../../platform/http/outbound/outboundLookup.js';
import { refusedBeforeConnect } from './crawlOutbound.js';
import type { CrawlOutbound, CrawlProfile } from './crawlTypes.js';

/** A proxy endpoint of a channel's settings and how it has fared: the least-failed one gets the next session. */
export interface CrawlProxy {
  url: string;
  failures: number;
  /** Null: the outbound policy refuses the proxy itself, so no request is ever sent through it. */
  dispatcher: Dispatcher | null;
}

/** How long a page host's checked addresses are reused before it is resolved (and checked) again. */
const RESOLVED_TTL_MS = 10_000;

/**
 * Names of the pages asked through a proxy, resolved here under the policy rather than by the
 * proxy: the proxy is asked to CONNECT to the checked address (the name stays in Host and SNI), so
 * a page host that resolves to a refused address is refused before the proxy hears of it, and the
 * proxy cannot resolve it anew to another (DNS rebinding). A trusted host:port is resolved as is.
 */
function resolvedUnderPolicy(outbound: CrawlOutbound): Dispatcher.DispatcherComposeInterceptor {
  const checked = policyLookup(outbound.allow);
  return interceptors.dns({
    lookup: (origin, _options, callback) => {
      const resolve = outbound.trustedHosts.includes(origin.host) ? lookup : checked;
      resolve(origin.hostname, { all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        // The proxy is asked for the address checked, whatever the name answers the proxy later.
        const records = (addresses as { address: string; family: number }[]).map((a) => ({
          address: a.address,
          family: a.family === 6 ? (6 as const) : (4 as const),
          ttl: RESOLVED_TTL_MS,
        }));
        callback(null, records);
      });
    },
  });
}

/**
 * A proxy under the outbound policy (platform/http/outbound), like a page: an http(s) proxy whose
 * address is refused (loopback, private, link-local, metadata, in any encoding) is never connected
 * to, and one named by a host name is connected through the policy's lookup, so a name that
 * resolves to a refused address is refused on the connection itself (DNS rebinding). A proxy the
 * server runs on purpose (a trusted host:port) passes as written. The pages' own names are
 * resolved here too (resolvedUnderPolicy); their literal addresses are checked by fetchPage and
 * the browser's router before any request.
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
  }).compose(resolvedUnderPolicy(profile.outbound));
  return { url, failures: 0, dispatcher };
}
