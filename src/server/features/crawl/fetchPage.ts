import pRetry, { AbortError } from 'p-retry';
import { Agent, request, type Dispatcher } from 'undici';
import type { CrawlProfile } from './crawlTypes.js';
import { OutboundRefusedError, policyLookup } from '../../platform/http/outbound/outboundLookup.js';
import { DESTINATION_REFUSED } from '../../platform/http/outbound/outboundPolicy.js';
import { refusedBeforeConnect } from './crawlOutbound.js';

export class PageError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null = null,
    public attempts = 1,
  ) {
    super(message);
  }
}

export interface FetchedPage {
  status: number;
  text: string;
  attempts: number;
  /** The answer's Set-Cookie headers (a session keeps them). */
  setCookies: string[];
}

export interface FetchOptions {
  method?: 'GET' | 'POST';
  /** A session's cookie and location headers. */
  headers?: Record<string, string>;
  /** Statuses that are a bot wall: answered at once with their body, never retried here. */
  blockStatuses?: readonly number[];
  /** Another connection pool than `agent` (a proxy's). */
  dispatcher?: Dispatcher;
}

export const USER_AGENT = 'ShelfscopeBot/0.0.1';

/**
 * A connection pool whose answers are capped in size and time (a hostile site cannot hold us) and
 * whose every connection resolves through the outbound policy: a page's host that resolves to a
 * private, loopback or link-local address is never connected to, whatever it answered before.
 */
export function crawlAgent(profile: CrawlProfile): Agent {
  return new Agent({
    connections: profile.concurrency,
    maxResponseSize: profile.maxPageBytes,
    headersTimeout: profile.timeoutMs,
    bodyTimeout: profile.timeoutMs,
    connect: { lookup: policyLookup(profile.outbound.allow) },
  });
}

/** A connection the outbound policy refused, however undici wrapped it. */
export function refusedByPolicy(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (e instanceof OutboundRefusedError || (e as { code?: unknown }).code === 'E_OUTBOUND_REFUSED')
      return true;
  return false;
}

function charsetOf(contentType: string): string {
  return /charset=([^;]+)/i.exec(contentType)?.[1]?.trim().toLowerCase() ?? 'utf-8';
}

function decode(body: ArrayBuffer, contentType: string): string {
  const charset = charsetOf(contentType);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset, { fatal: true });
  } catch {
    throw new AbortError(new PageError(`unsupported encoding ${charset.slice(0, 40)}`, 200));
  }
  try {
    return decoder.decode(body);
  } catch {
    throw new AbortError(new PageError(`bytes are not valid ${charset}`, 200));
  }
}

/**
 * GETs one page with retries and exponential back-off: 429 and 5xx answers and network errors are
 * retried (after Retry-After, capped), anything else answers at once, and so do the statuses the
 * caller takes for a bot wall (another session, not the same one again, is the way past it). No
 * redirects are followed, so a page can never lead the crawler to another host.
 */
export async function fetchPage(
  url: string,
  profile: Pick<CrawlProfile, 'retries'> & { outbound?: CrawlProfile['outbound'] },
  agent: Dispatcher,
  options: FetchOptions = {},
): Promise<FetchedPage> {
  // An address literal never reaches the pool's lookup: the policy is asked here for every request
  // (pages, a session's warm-up and location calls, robots.txt).
  if (profile.outbound && refusedBeforeConnect(new URL(url), profile.outbound))
    throw new PageError(DESTINATION_REFUSED, null, 0);
  let attempts = 0;
  const once = async (): Promise<FetchedPage> => {
    attempts++;
    let res;
    try {
      res = await request(url, {
        dispatcher: options.dispatcher ?? agent,
        method: options.method ?? 'GET',
        headers: { 'user-agent': USER_AGENT, ...options.headers },
      });
    } catch (error) {
      // Refused by the policy: asking again would be refused again.
      if (refusedByPolicy(error)) throw new AbortError(new PageError(DESTINATION_REFUSED));
      const text = error instanceof Error ? error.message : String(error);
      if (/exceeded|max size|maxResponseSize/i.test(text))
        throw new AbortError(new PageError('page larger than the limit'));
      throw new PageError(`network: ${text.slice(0, 120)}`);
    }
    const { statusCode } = res;
    const wall = options.blockStatuses?.includes(statusCode) ?? false;
    if (!wall && (statusCode === 429 || statusCode >= 500)) {
      await res.body.dump();
      const wait = Math.min(5, Number(res.headers['retry-after'] ?? 0) || 0);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait * 1000));
      throw new PageError(
        statusCode === 429 ? 'rate limited (429)' : `server error ${statusCode}`,
        statusCode,
      );
    }
    let body: ArrayBuffer;
    try {
      body = await res.body.arrayBuffer();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      throw new AbortError(
        new PageError(
          /exceed|size/i.test(text) ? 'page larger than the limit' : `read: ${text.slice(0, 120)}`,
        ),
      );
    }
    const contentType = String(res.headers['content-type'] ?? '');
    const cookies = res.headers['set-cookie'];
    return {
      status: statusCode,
      text: decode(body, contentType),
      attempts,
      setCookies: cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [cookies],
    };
  };
  try {
    return await pRetry(once, { retries: profile.retries, minTimeout: 25, maxTimeout: 2000, factor: 2 });
  } catch (error) {
    const failure = error instanceof PageError ? error : new PageError(String(error));
    failure.attempts = attempts;
    throw failure;
  }
}
