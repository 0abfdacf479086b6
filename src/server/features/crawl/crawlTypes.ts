import type { OutboundAllowList } from '../../platform/http/outbound/outboundPolicy.js';
import type { CrawlSettings } from './crawlSettings.js';
import type { FieldValue } from './extractFields.js';

/** A Search run's result pages; a Display run's category listings and bestseller lists. */
export type ListingPageKind = 'search' | 'category' | 'bestseller';

/** One tracked page: a listing in a city (the mapping the client tracks). */
export interface CrawlInput {
  productId: number;
  cityId: number;
  url: string;
  /** A listing page: its kind, its keyword (Search) or category (Display) id and result page. */
  listing?: { kind: ListingPageKind; id: number; page: number };
}

export type PageOutcome = (
  | {
      input: CrawlInput;
      ok: true;
      httpStatus: number;
      ms: number;
      attempts: number;
      fields: Record<string, FieldValue>;
      /** A listing page's results, in page order (crawls with a schema's `items`). */
      items?: Record<string, FieldValue>[];
    }
  | {
      input: CrawlInput;
      ok: false;
      httpStatus: number | null;
      ms: number;
      attempts: number;
      reason: string;
      /** A bot wall every session tried met: no observation, missing coverage, never a row. */
      blocked?: boolean;
    }
) & {
  /** The session the page was last fetched through (logged with the page). */
  sessionId?: string;
};

/** How a channel is fetched and read (a channel profile, as the crawler needs it). */
export interface CrawlProfile {
  responseType: 'HTML' | 'JSON';
  /** Hosts (host:port) this channel's crawl may reach; anything else is refused unfetched. */
  allowedHosts: readonly string[];
  concurrency: number;
  /** Politeness: requests per second to the channel at most. */
  requestsPerSecond: number;
  retries: number;
  /** Pages larger than this are refused (bounded memory). */
  maxPageBytes: number;
  /** Milliseconds a page may take, headers and body each (bounded time). */
  timeoutMs: number;
  /** Browser tabs at once, for a channel whose pages are rendered by script. */
  browserPages: number;
  /** Sessions, location, walls, rendering, robots, proxies; absent: the defaults (crawlSettings.ts). */
  settings?: CrawlSettings;
  /** Which addresses the crawl may reach (crawlOutbound.ts): checked on every connection. */
  outbound: CrawlOutbound;
}

/**
 * The outbound policy as a crawl applies it (platform/http/outbound): public addresses and
 * OUTBOUND_ALLOW's ranges, plus the host:port of a server this process runs and crawls on purpose
 * (the demo's fixture market on loopback), trusted as written.
 */
export interface CrawlOutbound {
  allow: OutboundAllowList;
  trustedHosts: readonly string[];
}

export const DEFAULT_LIMITS = {
  concurrency: 8,
  requestsPerSecond: 400,
  retries: 3,
  maxPageBytes: 2 * 1024 * 1024,
  timeoutMs: 10_000,
  browserPages: 2,
} as const;
