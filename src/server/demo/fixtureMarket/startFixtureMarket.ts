import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { entryRoute } from './entryRoutes.js';
import { hostilePage } from './hostilePages.js';
import type { MarketDay, MarketListing } from './marketDay.js';
import { KIND_MARKET, type MarketOptions } from './marketMechanics.js';
import { MarketSessions } from './marketSessions.js';
import { pageVariety } from './pageVariety.js';
import { nextCursor, requestedPage, trapShelfOf } from './scrollPaging.js';
import { gate, productApi, productPage, type ProductSite } from './productPages.js';
import type { MarketAnswer } from './wallPages.js';
import type { MarketShelf } from './marketShelf.js';
import {
  bestsellerPageVariety,
  renderBestsellerHtml,
  renderBestsellerJson,
} from './renderBestsellerPages.js';
import {
  listingVariety,
  renderListingHtml,
  renderListingJson,
  type ListingKind,
} from './renderListingPages.js';

export interface FixtureMarket {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Serves these listings of the channel's day from now on (a listing replaces its earlier page). */
  publish(day: MarketDay): void;
  /**
   * Whether this group's channel-day has been published: the market keeps the truth it was first
   * given, so a crawl never republishes what an earlier crawl (with another schema) loaded.
   */
  serves(day: Pick<MarketDay, 'groupId' | 'channelId' | 'date'>): boolean;
  /** Serves the channel-day's search results, category listings and bestseller lists from now on. */
  publishShelf(shelf: MarketShelf): void;
  /**
   * Serves this group's channel-day listing pages again if they have been published (the truth
   * first given, as `serves`), in place of another day's; false when they never were.
   */
  showShelf(day: Pick<MarketShelf, 'groupId' | 'channelId' | 'date'>): boolean;
  /** Requests answered so far, 429s included. */
  readonly requests: number;
  /** Sessions opened so far (home pages and app bootstraps). */
  readonly sessions: number;
  /** What makes it hostile (walls, soft 404s), by seed: a test derives the truth from it. */
  readonly options: MarketOptions;
  close(): Promise<void>;
}

const ROUTE = /^\/(web|app)\/(\d+)\/(?:dp|v1\/products)\/([^/?]+)$/;
/** The product block a script-rendered page's script fetches. */
const PDP_API = /^\/web\/(\d+)\/api\/pdp\/([^/?]+)$/;
/** Listing pages: web `/web/<channel>/s?k=<keyword>&page=<n>`, `/web/<channel>/c/<category>?page=<n>`; app `/app/<channel>/v1/search?q=<keyword>&page=<n>`, `/app/<channel>/v1/categories/<category>/products?page=<n>`. */
const LISTING = /^\/(web|app)\/(\d+)\/(?:(s|v1\/search)|(?:c|v1\/categories)\/(\d+)(?:\/products)?)$/;
/** Bestseller lists: web `/web/<channel>/gp/bestsellers/<category>?page=<n>`, app `/app/<channel>/v1/categories/<category>/bestsellers?page=<n>`. */
const BESTSELLERS = /^\/(web|app)\/(\d+)\/(?:gp\/bestsellers\/(\d+)|v1\/categories\/(\d+)\/bestsellers)$/;

/**
 * A marketplace on loopback with the real web's mechanics: a visitor opens a session (home page or
 * app bootstrap), chooses a city through a location call (cookie on the web, a header token in the
 * app; none: the site's default city), then reads product pages (`/web/<channel>/dp/<sku>`, HTML;
 * `/app/<channel>/v1/products/<sku>`, JSON) from the generator's day. No session, or too many
 * requests on one, meets a bot wall; `options` puts walls and soft 404s in front of some pages.
 * Unknown listings are 404s; some pages are slow, some answer 429 once.
 */
export async function startFixtureMarket(options: MarketOptions = KIND_MARKET): Promise<FixtureMarket> {
  const channels = new Map<number, Map<string, MarketListing>>();
  const defaultCities = new Map<number, number>();
  const site: ProductSite = {
    options,
    sessions: new MarketSessions(),
    listing: (channelId, sku) => channels.get(channelId)?.get(sku),
    defaultCity: (channelId) => defaultCities.get(channelId) ?? null,
    softHits: new Set(),
  };
  const limited = new Set<string>();
  const published = new Set<string>();
  // Every published channel-day's listing pages, and the day each channel shows now: a crawl of
  // another day (a bestseller day, a day before) must not be served the last published one.
  const shelves = new Map<string, Omit<MarketShelf, 'groupId' | 'channelId' | 'date'>>();
  const shownShelf = new Map<number, string>();
  const shelfOf = (channel: string) => shelves.get(shownShelf.get(Number(channel)) ?? '');
  const dayKey = (d: Pick<MarketDay, 'groupId' | 'channelId' | 'date'>) =>
    `${d.groupId}/${d.channelId}/${d.date}`;
  let requests = 0;

  function answer(
    res: ServerResponse,
    status: number,
    type: string,
    body: string | Buffer,
    headers: MarketAnswer['headers'] = {},
  ): void {
    res.writeHead(status, { ...headers, 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  const send = (res: ServerResponse, a: MarketAnswer) =>
    answer(res, a.status, a.contentType, a.body, a.headers);

  function notFound(res: ServerResponse, platform: 'web' | 'app'): void {
    return platform === 'web'
      ? answer(res, 404, 'text/html; charset=utf-8', '<html><body><h1>Page Not Found</h1></body></html>')
      : answer(res, 404, 'application/json', '{"status":"error","error":"NOT_FOUND"}');
  }

  /** A page as its platform serves it: HTML for web channels, a JSON answer for app channels. */
  function answerPage(
    res: ServerResponse,
    platform: 'web' | 'app',
    html: () => string,
    json: () => unknown,
  ): void {
    if (platform === 'web') answer(res, 200, 'text/html; charset=utf-8', html());
    else answer(res, 200, 'application/json; charset=utf-8', JSON.stringify(json()));
  }

  /** Slow pages wait, some pages answer 429 to their first request; then `send`. */
  function politely(
    res: ServerResponse,
    key: string,
    variety: { delayMs: number; rateLimitFirst: boolean },
    send: () => void,
  ): void {
    if (variety.rateLimitFirst && !limited.has(key)) {
      limited.add(key);
      res.writeHead(429, { 'retry-after': '0', 'content-type': 'text/plain' });
      return void res.end('Too Many Requests');
    }
    if (variety.delayMs > 0) setTimeout(send, variety.delayMs);
    else send();
  }

  function listingPage(req: IncomingMessage, res: ServerResponse, url: URL, match: RegExpExecArray): void {
    const platform = match[1] as 'web' | 'app';
    const session = gate(site, req, platform);
    if ('status' in session) return send(res, session);
    const kind: ListingKind = match[3] ? 'search' : 'category';
    const day = shelfOf(match[2]!);
    const term = kind === 'search' ? (url.searchParams.get(platform === 'web' ? 'k' : 'q') ?? '') : match[4]!;
    const shelf =
      kind === 'search'
        ? (trapShelfOf(term.toLowerCase()) ?? day?.searches.get(term.toLowerCase()))
        : day?.categories.get(Number(term));
    const page = requestedPage(url, Number(match[2]));
    if (!shelf || !Number.isInteger(page) || page < 1 || page > shelf.pages.length)
      return notFound(res, platform);
    const key = `${platform}/${match[2]}/${kind}:${term}`;
    const variety = listingVariety(key);
    // Infinite scroll (scrollPaging.ts): an app answer carries `next_cursor`.
    const next = nextCursor(term.toLowerCase(), page, shelf.pages.length);
    politely(res, `${key}/${page}`, pageVariety(`${kind}:${term}`, page), () =>
      answerPage(
        res,
        platform,
        () => renderListingHtml(kind, shelf, page, variety),
        () => ({ ...(renderListingJson(kind, shelf, page, variety) as object), next_cursor: next }),
      ),
    );
  }

  /** A category's bestseller list, page by page: 404 past its last page or for an unknown category. */
  function bestsellerPage(req: IncomingMessage, res: ServerResponse, url: URL, match: RegExpExecArray): void {
    const platform = match[1] as 'web' | 'app';
    const session = gate(site, req, platform);
    if ('status' in session) return send(res, session);
    const category = match[3] ?? match[4]!;
    const shelf = shelfOf(match[2]!)?.bestsellers.get(Number(category));
    const page = Number(url.searchParams.get('page') ?? '1');
    if (!shelf || !Number.isInteger(page) || page < 1 || page > shelf.pages.length)
      return notFound(res, platform);
    const key = `${platform}/${match[2]}/bestseller:${category}`;
    const variety = listingVariety(key);
    politely(res, `${key}/${page}`, bestsellerPageVariety(category, page), () =>
      answerPage(
        res,
        platform,
        () => renderBestsellerHtml(shelf, page, variety),
        () => renderBestsellerJson(shelf, page, variety),
      ),
    );
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    requests++;
    const url = new URL(req.url ?? '/', 'http://fixture');
    const entry = entryRoute(site, req, url);
    if (entry) return send(res, entry);
    const listingRoute = LISTING.exec(url.pathname);
    if (listingRoute) return listingPage(req, res, url, listingRoute);
    const bestsellerRoute = BESTSELLERS.exec(url.pathname);
    if (bestsellerRoute) return bestsellerPage(req, res, url, bestsellerRoute);
    const api = PDP_API.exec(url.pathname);
    if (api) return send(res, productApi(site, req, Number(api[1]), decodeURIComponent(api[2]!)));
    const match = ROUTE.exec(url.pathname);
    if (!match) return answer(res, 404, 'text/plain', 'page not found');
    const platform = match[1] as 'web' | 'app';
    const sku = decodeURIComponent(match[3]!);
    const hostile = hostilePage(sku, platform);
    if (hostile) return answer(res, hostile.status, hostile.contentType, hostile.body);
    const page = productPage(site, req, platform, Number(match[2]), sku);
    if ('status' in page) return send(res, page);
    politely(res, page.key, page.variety, () => send(res, page.send()));
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    publish(day) {
      let listings = channels.get(day.channelId);
      if (!listings) channels.set(day.channelId, (listings = new Map<string, MarketListing>()));
      for (const [sku, listing] of day.listings) {
        listings.set(sku, listing);
        // The site's default city: the lowest city it delivers to.
        for (const cityId of listing.cities.keys())
          if (cityId < (defaultCities.get(day.channelId) ?? Infinity))
            defaultCities.set(day.channelId, cityId);
      }
      published.add(dayKey(day));
    },
    serves: (day) => published.has(dayKey(day)),
    publishShelf(shelf) {
      shelves.set(dayKey(shelf), {
        searches: shelf.searches,
        categories: shelf.categories,
        bestsellers: shelf.bestsellers,
      });
      shownShelf.set(shelf.channelId, dayKey(shelf));
    },
    showShelf(day) {
      if (!shelves.has(dayKey(day))) return false;
      shownShelf.set(day.channelId, dayKey(day));
      return true;
    },
    get requests() {
      return requests;
    },
    get sessions() {
      return site.sessions.count;
    },
    options,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
