import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_SKUS } from '../../demo/fixtureMarket/hostilePages.js';
import { startFixtureMarket, type FixtureMarket } from '../../demo/fixtureMarket/startFixtureMarket.js';
import { APP_LISTING_SCHEMA, APP_PRODUCT_SCHEMA, WEB_PRODUCT_SCHEMA } from './defaultModelSchemas.js';
import { crawlPages } from './crawlPages.js';
import { DEFAULT_LIMITS, type CrawlProfile } from './crawlTypes.js';
import { DESTINATION_REFUSED } from '../../platform/http/outbound/outboundPolicy.js';
import { parseCrawlSettings } from './crawlSettings.js';
import { fixtureCrawlSettings } from './fixtureProfiles.js';
import { crawlByCursor } from './cursorPaging.js';
import { buildListingRows, RESULTS_PER_PAGE } from './listingRows.js';
import { SCROLL_TRAPS } from '../../demo/fixtureMarket/scrollPaging.js';
import type { ShelfPages } from '../../demo/fixtureMarket/marketShelf.js';

let market: FixtureMarket;
beforeAll(async () => void (market = await startFixtureMarket()));
afterAll(() => market?.close());

/**
 * Channel 1 (web) or 61 (app) as the demo profiles crawl them: sessions, location, walls. The
 * market's own host:port is trusted (as demo/crawlMarket.ts trusts it); nothing else on loopback is.
 */
function profile(responseType: 'HTML' | 'JSON', hosts: string[] = [], channelId?: number): CrawlProfile {
  const host = new URL(market.baseUrl).host;
  return {
    ...DEFAULT_LIMITS,
    responseType,
    allowedHosts: [host, ...hosts],
    outbound: { allow: [], trustedHosts: [host] },
    settings: parseCrawlSettings(
      fixtureCrawlSettings(channelId ?? (responseType === 'HTML' ? 1 : 61), responseType === 'HTML'),
    ),
  };
}

describe('hostile and broken pages', () => {
  it('refuses or bounds every hostile page with a reason, in bounded time', async () => {
    const inputs = HOSTILE_SKUS.map((sku, i) => ({
      productId: i,
      cityId: 1,
      url: `${market.baseUrl}/web/1/dp/${sku}`,
    }));
    const started = performance.now();
    const out = await crawlPages(inputs, profile('HTML'), WEB_PRODUCT_SCHEMA.dataModel);
    expect(performance.now() - started).toBeLessThan(5000);
    const by = new Map(out.map((o, i) => [HOSTILE_SKUS[i], o]));
    expect(by.get('HOSTILE-HUGE')).toMatchObject({ ok: false, reason: 'page larger than the limit' });
    expect(by.get('HOSTILE-DEEP')).toMatchObject({ ok: false, reason: 'HTML nested deeper than 256 levels' });
    expect(by.get('HOSTILE-ENCODING')).toMatchObject({ ok: false, reason: 'unsupported encoding x-klingon' });
    // Script text is dropped; markup in text stays text (rendered escaped by the screens).
    expect(by.get('HOSTILE-SCRIPT')).toMatchObject({
      ok: true,
      fields: { title: 'Evil', selling_price: 10, stock_status: 1 },
    });
  });

  it('logs invalid JSON and 404s, obeys robots.txt, and never fetches a host the channel does not have', async () => {
    const base = market.baseUrl;
    const out = await crawlPages(
      [
        { productId: 1, cityId: 1, url: `${base}/app/61/v1/products/HOSTILE-BADJSON` },
        { productId: 2, cityId: 1, url: `${base}/app/61/v1/products/NO-SUCH-SKU` },
        { productId: 3, cityId: 1, url: 'http://169.254.169.254/latest/meta-data' },
        { productId: 4, cityId: 1, url: `${base}/private/app/61/v1/products/X` },
      ],
      profile('JSON'),
      APP_PRODUCT_SCHEMA.dataModel,
    );
    expect(out.map((o) => (o.ok ? 'ok' : o.reason))).toEqual([
      'invalid JSON',
      'page not found (404)',
      'host 169.254.169.254 is not configured for this channel',
      'disallowed by robots.txt',
    ]);
    const requests = market.requests;
    await crawlPages(
      [{ productId: 3, cityId: 1, url: 'http://127.0.0.2:1/x' }],
      profile('JSON'),
      APP_PRODUCT_SCHEMA.dataModel,
    );
    expect(market.requests).toBe(requests);
  });

  it('refuses a private or loopback address the profile names, written as an address or as a name', async () => {
    const port = new URL(market.baseUrl).port;
    const requests = market.requests;
    // 0x7f.2 is 127.0.0.2 in another encoding; localhost resolves to loopback, refused at connect.
    const hosts = [`0x7f.2:${port}`, `localhost:${port}`, '10.0.0.1:80'];
    const out = await crawlPages(
      hosts.map((h, i) => ({ productId: i, cityId: 1, url: `http://${h}/app/61/v1/products/X?city_id=1` })),
      profile(
        'JSON',
        hosts.map((h) => new URL(`http://${h}`).host),
      ),
      APP_PRODUCT_SCHEMA.dataModel,
    );
    expect(out.map((o) => (o.ok ? 'ok' : o.reason))).toEqual(hosts.map(() => DESTINATION_REFUSED));
    // Refused once, never retried, never reached.
    expect(out.every((o) => o.attempts <= 1)).toBe(true);
    expect(market.requests).toBe(requests);
  });
});

describe('search answers paged only by infinite scroll (channel 62, cursor paging in its profile)', () => {
  // A keyword of three full pages, the first result of each page an ad.
  const shelf: ShelfPages = {
    title: 'chips',
    pages: [1, 2, 3].map((p) =>
      Array.from({ length: RESULTS_PER_PAGE }, (_, i) => ({
        sku: `SCROLL-${p}-${i + 1}`,
        name: `Chips ${p}.${i + 1}`,
        sponsored: i % 7 === 0,
      })),
    ),
  };
  const search = (q: string, extra = '') => ({
    productId: 0,
    cityId: 0,
    url: `${market.baseUrl}/app/62/v1/search?q=${q}${extra}`,
    listing: { kind: 'search' as const, id: q === 'chips' ? 1 : q === SCROLL_TRAPS.loop ? 2 : 3, page: 1 },
  });
  const reading = { model: APP_LISTING_SCHEMA.dataModel, items: APP_LISTING_SCHEMA.items! };

  beforeAll(() =>
    market.publishShelf({
      groupId: 1,
      channelId: 62,
      date: '2026-01-01',
      searches: new Map([['chips', shelf]]),
      categories: new Map(),
      bestsellers: new Map(),
    }),
  );

  it('a crawler paging by ?page= would read page 1 again: the channel answers only a cursor', async () => {
    const [page2] = await crawlPages(
      [search('chips', '&page=2')],
      profile('JSON', [], 62),
      reading.model,
      undefined,
      reading.items,
    );
    expect(page2!.ok && page2!.items!.map((i) => i.sku)).toEqual(shelf.pages[0]!.map((r) => r.sku));
  });

  it('follows next_cursor to the last page: every result loaded, ads marked; a loop or a missing cursor ends cleanly', async () => {
    const settings = parseCrawlSettings(fixtureCrawlSettings(62, false));
    if (settings.paging.mode !== 'cursor') throw new Error('channel 62 pages by cursor');
    const scrolled = await crawlByCursor(
      [search('chips'), search(SCROLL_TRAPS.loop), search(SCROLL_TRAPS.noCursor)],
      profile('JSON', [], 62),
      reading,
      settings.paging,
    );
    const pagesOf = (id: number) =>
      scrolled.outcomes
        .filter((o) => o.input.listing!.id === id)
        .map((o) => (o.ok ? o.input.listing!.page : o.reason));
    expect([pagesOf(1), pagesOf(2), pagesOf(3)]).toEqual([[1, 2, 3], [1, 2], [1]]);
    expect(scrolled.stops).toEqual(['keyword 2 page 3 repeats an earlier page, a loop']);

    // The chips pages as a Search load builds them: every result once, at its overall position.
    const chips = scrolled.outcomes.filter((o) => o.input.listing!.id === 1);
    const bySku = new Map(
      shelf.pages.flat().map((r, i) => [
        r.sku,
        {
          productId: i + 1,
          sku: r.sku,
          brandId: 1,
          categoryId: 1,
          isCompetitor: 0,
          catalogueMrp: 10,
          referencePrice: null,
          ruleMin: null,
          ruleMax: null,
        },
      ]),
    );
    const pages = chips.map((o) => ({
      page: o.input.listing!.page,
      keywordId: 1,
      keywordType: 'generic',
      searchVolume: 5,
    }));
    const built = buildListingRows('search', chips, pages, bySku, 1, 62, '2026-01-01');
    expect(built.rejected).toEqual([]);
    // fact_search: [group, date, channel, keyword, type, page, position, overall, slot type, product, ...]
    expect(built.rows.map((r) => [r[7], r[8], r[9]])).toEqual(
      shelf.pages.flat().map((r, i) => [i + 1, r.sponsored ? 'sponsored' : 'organic', i + 1]),
    );
  });
});
