import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostilePage } from './hostilePages.js';
import type { MarketDay, MarketListing } from './marketDay.js';
import { pageVariety } from './pageVariety.js';
import { renderProductHtml } from './renderProductHtml.js';
import { renderProductJson } from './renderProductJson.js';
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
  close(): Promise<void>;
}

const ROUTE = /^\/(web|app)\/(\d+)\/(?:dp|v1\/products)\/([^/?]+)$/;
/** Listing pages: web `/web/<channel>/s?k=<keyword>&page=<n>`, `/web/<channel>/c/<category>?page=<n>`; app `/app/<channel>/v1/search?q=<keyword>&page=<n>`, `/app/<channel>/v1/categories/<category>/products?page=<n>`. */
const LISTING = /^\/(web|app)\/(\d+)\/(?:(s|v1\/search)|(?:c|v1\/categories)\/(\d+)(?:\/products)?)$/;
/** Bestseller lists: web `/web/<channel>/gp/bestsellers/<category>?page=<n>`, app `/app/<channel>/v1/categories/<category>/bestsellers?page=<n>`. */
const BESTSELLERS = /^\/(web|app)\/(\d+)\/(?:gp\/bestsellers\/(\d+)|v1\/categories\/(\d+)\/bestsellers)$/;

/**
 * A marketplace on loopback: web channels answer HTML product pages
 * (`/web/<channel>/dp/<sku>?city=<id>`), app channels JSON (`/app/<channel>/v1/products/<sku>?city_id=<id>`),
 * from the generator's day. Unknown listings are 404s; some pages are slow, some answer 429 once.
 */
export async function startFixtureMarket(): Promise<FixtureMarket> {
  const channels = new Map<number, Map<string, MarketListing>>();
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

  function answer(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

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

  function listingPage(res: ServerResponse, url: URL, match: RegExpExecArray): void {
    const platform = match[1] as 'web' | 'app';
    const kind: ListingKind = match[3] ? 'search' : 'category';
    const day = shelfOf(match[2]!);
    const term = kind === 'search' ? (url.searchParams.get(platform === 'web' ? 'k' : 'q') ?? '') : match[4]!;
    const shelf =
      kind === 'search' ? day?.searches.get(term.toLowerCase()) : day?.categories.get(Number(term));
    const page = Number(url.searchParams.get('page') ?? '1');
    if (!shelf || !Number.isInteger(page) || page < 1 || page > shelf.pages.length)
      return notFound(res, platform);
    const key = `${platform}/${match[2]}/${kind}:${term}`;
    const variety = listingVariety(key);
    politely(res, `${key}/${page}`, pageVariety(`${kind}:${term}`, page), () =>
      answerPage(
        res,
        platform,
        () => renderListingHtml(kind, shelf, page, variety),
        () => renderListingJson(kind, shelf, page, variety),
      ),
    );
  }

  /** A category's bestseller list, page by page: 404 past its last page or for an unknown category. */
  function bestsellerPage(res: ServerResponse, url: URL, match: RegExpExecArray): void {
    const platform = match[1] as 'web' | 'app';
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
    const listingRoute = LISTING.exec(url.pathname);
    if (listingRoute) return listingPage(res, url, listingRoute);
    const bestsellerRoute = BESTSELLERS.exec(url.pathname);
    if (bestsellerRoute) return bestsellerPage(res, url, bestsellerRoute);
    const match = ROUTE.exec(url.pathname);
    if (!match) return answer(res, 404, 'text/plain', 'page not found');
    const platform = match[1] as 'web' | 'app';
    const sku = decodeURIComponent(match[3]!);
    const hostile = hostilePage(sku, platform);
    if (hostile) return answer(res, hostile.status, hostile.contentType, hostile.body);
    const cityId = Number(url.searchParams.get(platform === 'web' ? 'city' : 'city_id'));
    const listing = channels.get(Number(match[2]))?.get(sku);
    const shelf = listing?.cities.get(cityId);
    if (!listing || !shelf) return notFound(res, platform);
    const variety = pageVariety(sku, cityId);
    politely(res, `${platform}/${match[2]}/${sku}/${cityId}`, variety, () =>
      answerPage(
        res,
        platform,
        () => renderProductHtml(listing, shelf, variety),
        () => renderProductJson(listing, shelf, variety),
      ),
    );
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    publish(day) {
      let listings = channels.get(day.channelId);
      if (!listings) channels.set(day.channelId, (listings = new Map<string, MarketListing>()));
      for (const [sku, listing] of day.listings) listings.set(sku, listing);
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
