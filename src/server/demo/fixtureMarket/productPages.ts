import type { IncomingMessage } from 'node:http';
import type { MarketListing } from './marketDay.js';
import { pageFate, SCRIPT_RENDERED_CHANNELS, type MarketOptions } from './marketMechanics.js';
import type { MarketSession, MarketSessions } from './marketSessions.js';
import { pageVariety, type PageVariety } from './pageVariety.js';
import { renderProductBlock, renderProductHtml } from './renderProductHtml.js';
import { renderProductJson } from './renderProductJson.js';
import { answer, scriptShell, soft404Answer, wallAnswer, type MarketAnswer } from './wallPages.js';

/** What the product routes read of the market. */
export interface ProductSite {
  options: MarketOptions;
  sessions: MarketSessions;
  listing(channelId: number, sku: string): MarketListing | undefined;
  /** The city a visitor without a location shops in. */
  defaultCity(channelId: number): number | null;
  /** Soft walls already shown (a page's first visitor meets one, the next gets through). */
  softHits: Set<string>;
}

/** A page to send after the market's usual slowness and first-request 429s. */
export interface PolitePage {
  key: string;
  variety: PageVariety;
  send: () => MarketAnswer;
}

const NOT_FOUND = {
  web: answer(404, 'text/html; charset=utf-8', '<html><body><h1>Page Not Found</h1></body></html>'),
  app: answer(404, 'application/json', '{"status":"error","error":"NOT_FOUND"}'),
};

/** The session of a request, or the wall a site shows a visitor without one (or a flagged one). */
export function gate(
  site: ProductSite,
  req: IncomingMessage,
  platform: 'web' | 'app',
): MarketSession | MarketAnswer {
  const session = site.sessions.of(req);
  if (session && !session.flagged) return session;
  return wallAnswer(platform === 'web' ? 'captcha' : 'challenge403', platform);
}

const isAnswer = (v: MarketSession | MarketAnswer): v is MarketAnswer => 'status' in v;

/** The layout the session's A/B bucket sees: bucket B gets the other one. */
function variety(sku: string, cityId: number, session: MarketSession): PageVariety {
  const v = pageVariety(sku, cityId);
  return session.bucket === 'B' ? { ...v, newLayout: !v.newLayout } : v;
}

/**
 * A product page (`/web/<ch>/dp/<sku>`, `/app/<ch>/v1/products/<sku>`): the session's city (its
 * location, else the site's default), then the page's fate: a wall, a soft 404, or the page; a
 * script-rendered channel answers its shell and hands the block to the script (`productApi`).
 */
export function productPage(
  site: ProductSite,
  req: IncomingMessage,
  platform: 'web' | 'app',
  channelId: number,
  sku: string,
): MarketAnswer | PolitePage {
  const session = gate(site, req, platform);
  if (isAnswer(session)) return session;
  const found = locate(site, req, session, platform, channelId, sku);
  if (!found) return NOT_FOUND[platform];
  const { listing, cityId } = found;
  const shelf = listing.cities.get(cityId)!;
  const script = platform === 'web' && SCRIPT_RENDERED_CHANNELS.has(channelId);
  const fate = pageFate(site.options, channelId, sku, cityId);
  // A script-rendered page's emptied block comes from its API (productApi), not the shell.
  if (
    fate.wall &&
    !(script && fate.wall.kind === 'emptied') &&
    meetsWall(site, session, fate.wall, `${channelId}/${sku}/${cityId}`)
  )
    return wallAnswer(fate.wall.kind, platform);
  const v = variety(sku, cityId, session);
  const key = `${platform}/${channelId}/${sku}/${cityId}`;
  if (script)
    return {
      key,
      variety: v,
      send: () => answer(200, 'text/html; charset=utf-8', scriptShell(channelId, sku, listing.name)),
    };
  if (fate.soft404) return soft404Answer(platform);
  return {
    key,
    variety: v,
    send: () =>
      platform === 'web'
        ? answer(200, 'text/html; charset=utf-8', renderProductHtml(listing, shelf, v))
        : answer(200, 'application/json; charset=utf-8', renderProductJson(listing, shelf, v)),
  };
}

/** `/web/<ch>/api/pdp/<sku>`: the product block a script-rendered page's script asks for. */
export function productApi(
  site: ProductSite,
  req: IncomingMessage,
  channelId: number,
  sku: string,
): MarketAnswer {
  const session = gate(site, req, 'app');
  if (isAnswer(session)) return session;
  const found = locate(site, req, session, 'web', channelId, sku);
  if (!found) return NOT_FOUND.app;
  const { listing, cityId } = found;
  const fate = pageFate(site.options, channelId, sku, cityId);
  const json = (html: string) => answer(200, 'application/json; charset=utf-8', { html });
  if (
    fate.wall?.kind === 'emptied' &&
    meetsWall(site, session, fate.wall, `api/${channelId}/${sku}/${cityId}`)
  )
    return json('');
  if (fate.soft404) return json(soft404Answer('web').body);
  return json(renderProductBlock(listing, listing.cities.get(cityId)!, variety(sku, cityId, session)));
}

function locate(
  site: ProductSite,
  req: IncomingMessage,
  session: MarketSession,
  platform: 'web' | 'app',
  channelId: number,
  sku: string,
): { listing: MarketListing; cityId: number } | null {
  const listing = site.listing(channelId, sku);
  const cityId = site.sessions.cityOf(req, session, platform) ?? site.defaultCity(channelId);
  return listing && cityId !== null && listing.cities.has(cityId) ? { listing, cityId } : null;
}

/** Whether this visit meets the page's wall: always for a hard one, once for a soft one. */
function meetsWall(
  site: ProductSite,
  session: MarketSession,
  wall: { kind: string; hard: boolean },
  key: string,
): boolean {
  if (!wall.hard) {
    if (site.softHits.has(key)) return false;
    site.softHits.add(key);
  }
  // A captcha or a challenge marks the session; an emptied block is silent.
  if (wall.kind !== 'emptied') site.sessions.flag(session);
  return true;
}
