/**
 * `npm run bench -- --crawl-only`: the crawl pipeline on a demo tenant in memory
 * (500 SKUs x 5 channels x 12 cities): one web (HTML, Amazon) and one app (JSON, Blinkit) channel's
 * day crawled from the loopback fixture market and loaded into DuckDB. Figures: pages/s over
 * HTTP with extraction (politeness off: the pipeline's capacity, not a site's allowance),
 * extraction alone in pages/s, and end-to-end rows/s (fetch + extract + validate + load).
 * Search result pages (the Search trigger) of the same channels: extraction alone (pages/s and
 * results/s) and fetch + extract over HTTP (pages/s). Bestseller lists (the Display trigger) of the
 * day before (the generator's last day has none): the same two figures.
 */
import { createDuckDbWarehouse } from '../../src/server/platform/warehouse/duckdb/duckDbWarehouse.js';
import { generateWarehouse } from '../../src/server/demo/warehouse/generateWarehouse.js';
import { loadMarketDay } from '../../src/server/demo/fixtureMarket/marketDay.js';
import { pageVariety } from '../../src/server/demo/fixtureMarket/pageVariety.js';
import { renderProductHtml } from '../../src/server/demo/fixtureMarket/renderProductHtml.js';
import { renderProductJson } from '../../src/server/demo/fixtureMarket/renderProductJson.js';
import { startFixtureMarket } from '../../src/server/demo/fixtureMarket/startFixtureMarket.js';
import {
  APP_PRODUCT_SCHEMA,
  WEB_PRODUCT_SCHEMA,
} from '../../src/server/features/crawl/defaultModelSchemas.js';
import { crawlChannelDay } from '../../src/server/features/crawl/crawlChannelDay.js';
import { DEFAULT_LIMITS } from '../../src/server/features/crawl/crawlTypes.js';
import { extractHtml, extractJson } from '../../src/server/features/crawl/extractFields.js';
import { loadCrawlInputs } from '../../src/server/features/crawl/listingContext.js';
import { loadMarketShelf } from '../../src/server/demo/fixtureMarket/marketShelf.js';
import {
  listingVariety,
  renderListingHtml,
  renderListingJson,
} from '../../src/server/demo/fixtureMarket/renderListingPages.js';
import {
  APP_BESTSELLER_SCHEMA,
  APP_LISTING_SCHEMA,
  WEB_BESTSELLER_SCHEMA,
  WEB_LISTING_SCHEMA,
} from '../../src/server/features/crawl/defaultModelSchemas.js';
import { loadBestsellerInputs } from '../../src/server/features/crawl/bestsellerPages.js';
import {
  renderBestsellerHtml,
  renderBestsellerJson,
} from '../../src/server/demo/fixtureMarket/renderBestsellerPages.js';
import { extractHtmlItems, extractJsonItems } from '../../src/server/features/crawl/extractFields.js';
import { loadListingInputs } from '../../src/server/features/crawl/listingCrawl.js';
import { crawlPages } from '../../src/server/features/crawl/crawlPages.js';
import {
  fixtureCrawlSettings,
  fixtureProductTemplate,
} from '../../src/server/features/crawl/fixtureProfiles.js';
import { parseCrawlSettings } from '../../src/server/features/crawl/crawlSettings.js';

const DATE = '2026-03-31';
/** The generator's bestseller lists come with a day's sales: the last of them is the day before. */
const BESTSELLER_DATE = '2026-03-30';
const CHANNELS = [
  {
    channelId: 1,
    kind: 'HTML' as const,
    template: fixtureProductTemplate(1, true),
    model: WEB_PRODUCT_SCHEMA.dataModel,
    searchTemplate: '/web/1/s?k={keyword}&page={page}',
    listing: WEB_LISTING_SCHEMA,
    bestsellerTemplate: '/web/1/gp/bestsellers/{category}?page={page}',
    bestseller: WEB_BESTSELLER_SCHEMA,
  },
  {
    channelId: 61,
    kind: 'JSON' as const,
    template: fixtureProductTemplate(61, false),
    model: APP_PRODUCT_SCHEMA.dataModel,
    searchTemplate: '/app/61/v1/search?q={keyword}&page={page}',
    listing: APP_LISTING_SCHEMA,
    bestsellerTemplate: '/app/61/v1/categories/{category}/bestsellers?page={page}',
    bestseller: APP_BESTSELLER_SCHEMA,
  },
];

export async function benchCrawl(): Promise<void> {
  const wh = await createDuckDbWarehouse(':memory:');
  const market = await startFixtureMarket();
  try {
    await generateWarehouse(wh, {
      seed: 42,
      groups: [{ groupId: 1, name: 'Demo Brands' }],
      skusPerGroup: 500,
      days: 2,
      endDate: DATE,
    });
    for (const c of CHANNELS) {
      const day = await loadMarketDay(wh, 1, c.channelId, DATE);
      market.publish(day);
      // Extraction alone: every page of the day rendered once, then extracted in a loop.
      const pages = [...day.listings.values()].flatMap((l) =>
        [...l.cities.values()].map((s) => {
          const v = pageVariety(l.sku, s.cityId);
          return c.kind === 'HTML' ? renderProductHtml(l, s, v) : JSON.stringify(renderProductJson(l, s, v));
        }),
      );
      const t0 = performance.now();
      for (const page of pages) {
        if (c.kind === 'HTML') extractHtml(page, c.model);
        else extractJson(JSON.parse(page), c.model);
      }
      const extractPerS = pages.length / ((performance.now() - t0) / 1000);
      const inputs = await loadCrawlInputs(wh, 1, c.channelId, DATE, market.baseUrl, c.template);
      const profile = {
        ...DEFAULT_LIMITS,
        responseType: c.kind,
        allowedHosts: [new URL(market.baseUrl).host],
        concurrency: 16,
        requestsPerSecond: 1_000_000,
        // The market on loopback, trusted as the server trusts its own (demo/crawlMarket.ts).
        outbound: { allow: [], trustedHosts: [new URL(market.baseUrl).host] },
        // The demo profile's sessions: the market serves a city's page to a session located there.
        settings: parseCrawlSettings(fixtureCrawlSettings(c.channelId, c.kind === 'HTML')),
      };
      const t1 = performance.now();
      const s = await crawlChannelDay({
        wh,
        groupId: 1,
        channelId: c.channelId,
        date: DATE,
        profile,
        model: c.model,
        inputs,
      });
      const totalS = (performance.now() - t1) / 1000;
      const rows = s.stockRows + s.priceRows;
      console.log(
        `Crawl ${c.kind} (channel ${c.channelId}): ${s.pages} pages, ${s.pagesFailed} failed; ` +
          `fetch+extract ${(s.pages / (s.fetchMs / 1000)).toFixed(0)} pages/s; extract only ${extractPerS.toFixed(0)} pages/s; ` +
          `end to end ${rows} rows in ${totalS.toFixed(2)} s = ${(rows / totalS).toFixed(0)} rows/s (load ${s.loadMs} ms)`,
      );
      await benchSearchPages(wh, market, c, profile);
      await benchBestsellerPages(wh, market, c, profile);
    }
  } finally {
    await market.close();
    await wh.close();
  }
}

/** Search result pages of one channel: extraction alone, then fetch + extract over HTTP. */
async function benchSearchPages(
  wh: Awaited<ReturnType<typeof createDuckDbWarehouse>>,
  market: Awaited<ReturnType<typeof startFixtureMarket>>,
  c: (typeof CHANNELS)[number],
  profile: Parameters<typeof crawlPages>[1],
): Promise<void> {
  const shelf = await loadMarketShelf(wh, 1, c.channelId, DATE);
  market.publishShelf(shelf);
  const platform = c.kind === 'HTML' ? 'web' : 'app';
  const pages = [...shelf.searches.values()].flatMap((k) =>
    k.pages.map((_, i) => {
      const v = listingVariety(`${platform}/${c.channelId}/search:${k.title}`);
      return c.kind === 'HTML'
        ? renderListingHtml('search', k, i + 1, v)
        : JSON.stringify(renderListingJson('search', k, i + 1, v));
    }),
  );
  const items = c.listing.items!;
  const extractAll = () => {
    let n = 0;
    for (const page of pages) {
      n += (
        c.kind === 'HTML'
          ? extractHtmlItems(page, items, c.listing.dataModel)
          : extractJsonItems(JSON.parse(page), items, c.listing.dataModel)
      ).length;
    }
    return n;
  };
  extractAll(); // warm-up: a few hundred pages are too few to time a cold parser on
  const t0 = performance.now();
  const results = extractAll();
  const extractS = (performance.now() - t0) / 1000;
  const { inputs } = await loadListingInputs(
    wh,
    'search',
    { groupId: 1, channelId: c.channelId, date: DATE },
    market.baseUrl,
    c.searchTemplate,
  );
  const t1 = performance.now();
  const outcomes = await crawlPages(inputs, profile, c.listing.dataModel, undefined, items);
  const fetchS = (performance.now() - t1) / 1000;
  const failed = outcomes.filter((o) => !o.ok).length;
  console.log(
    `Search pages ${c.kind} (channel ${c.channelId}): ${pages.length} pages, ${results} results; ` +
      `extract only ${(pages.length / extractS).toFixed(0)} pages/s (${(results / extractS).toFixed(0)} results/s); ` +
      `fetch+extract ${inputs.length} pages, ${failed} failed, ${(inputs.length / fetchS).toFixed(0)} pages/s`,
  );
}

/** Bestseller lists of one channel (a Display run's second half): extraction alone, then over HTTP. */
async function benchBestsellerPages(
  wh: Awaited<ReturnType<typeof createDuckDbWarehouse>>,
  market: Awaited<ReturnType<typeof startFixtureMarket>>,
  c: (typeof CHANNELS)[number],
  profile: Parameters<typeof crawlPages>[1],
): Promise<void> {
  const shelf = await loadMarketShelf(wh, 1, c.channelId, BESTSELLER_DATE);
  market.publishShelf(shelf);
  const platform = c.kind === 'HTML' ? 'web' : 'app';
  const pages = [...shelf.bestsellers.entries()].flatMap(([categoryId, list]) =>
    list.pages.map((_, i) => {
      const v = listingVariety(`${platform}/${c.channelId}/bestseller:${categoryId}`);
      return c.kind === 'HTML'
        ? renderBestsellerHtml(list, i + 1, v)
        : JSON.stringify(renderBestsellerJson(list, i + 1, v));
    }),
  );
  const items = c.bestseller.items!;
  const extractAll = () => {
    let n = 0;
    for (const page of pages) {
      n += (
        c.kind === 'HTML'
          ? extractHtmlItems(page, items, c.bestseller.dataModel)
          : extractJsonItems(JSON.parse(page), items, c.bestseller.dataModel)
      ).length;
    }
    return n;
  };
  extractAll(); // warm-up, as for the search pages
  // A day has few bestseller pages (two per category at most): extract them again and again, 500 pages at least.
  const rounds = Math.ceil(500 / Math.max(1, pages.length));
  const t0 = performance.now();
  let entries = 0;
  for (let r = 0; r < rounds; r++) entries = extractAll();
  const extractS = (performance.now() - t0) / 1000 / rounds;
  const { inputs } = await loadBestsellerInputs(
    wh,
    { groupId: 1, channelId: c.channelId, date: BESTSELLER_DATE },
    market.baseUrl,
    c.bestsellerTemplate,
  );
  const t1 = performance.now();
  const outcomes = await crawlPages(inputs, profile, c.bestseller.dataModel, undefined, items);
  const fetchS = (performance.now() - t1) / 1000;
  const failed = outcomes.filter((o) => !o.ok).length;
  console.log(
    `Bestseller pages ${c.kind} (channel ${c.channelId}): ${pages.length} pages, ${entries} entries; ` +
      `extract only ${(pages.length / extractS).toFixed(0)} pages/s (${(entries / extractS).toFixed(0)} entries/s); ` +
      `fetch+extract ${inputs.length} pages, ${failed} failed, ${(inputs.length / fetchS).toFixed(0)} pages/s`,
  );
}
