import type { IncomingMessage } from 'node:http';
import { locationToken } from './marketSessions.js';
import { gate, type ProductSite } from './productPages.js';
import { answer, ROBOTS_TXT, type MarketAnswer } from './wallPages.js';

/** Web: `/web/<ch>/` (home), `/web/<ch>/location?city=<id>`; app: `/app/<ch>/v1/bootstrap`, `/app/<ch>/v1/location?city_id=<id>`. */
const ENTRY = /^\/(web|app)\/(\d+)\/(?:(v1\/bootstrap)?|(location|v1\/location))$/;

/**
 * How a visitor starts: robots.txt; the home page (web) or the bootstrap call (app), which opens a
 * session (cookie `sid`, and the A/B cookie); the location call, which needs the session and sets
 * the city: a `loc` cookie on the web, a token for the `x-location-token` header in the app.
 * Null: not one of these routes.
 */
export function entryRoute(site: ProductSite, req: IncomingMessage, url: URL): MarketAnswer | null {
  if (url.pathname === '/robots.txt') return answer(200, 'text/plain; charset=utf-8', ROBOTS_TXT);
  const match = ENTRY.exec(url.pathname);
  if (!match) return null;
  const platform = match[1] as 'web' | 'app';
  if (!match[4]) {
    const session = site.sessions.open();
    const home =
      platform === 'web'
        ? answer(
            200,
            'text/html; charset=utf-8',
            `<!doctype html><html><body><h1>Fixture marketplace</h1><p>Deals of the day</p></body></html>`,
          )
        : answer(200, 'application/json; charset=utf-8', { status: 'ok', session: { ready: true } });
    return {
      ...home,
      headers: { 'set-cookie': [`sid=${session.id}; Path=/; HttpOnly`, `ab=${session.bucket}; Path=/`] },
    };
  }
  const session = gate(site, req, platform);
  if ('status' in session) return session;
  const cityId = Number(url.searchParams.get(platform === 'web' ? 'city' : 'city_id'));
  if (!Number.isInteger(cityId) || cityId <= 0 || req.method !== 'POST')
    return answer(400, 'application/json', { error: 'choose a city' });
  return platform === 'web'
    ? {
        ...answer(200, 'application/json; charset=utf-8', { ok: true, city: cityId }),
        headers: { 'set-cookie': `loc=${cityId}; Path=/` },
      }
    : answer(200, 'application/json; charset=utf-8', {
        location: { token: locationToken(session.id, cityId) },
      });
}
