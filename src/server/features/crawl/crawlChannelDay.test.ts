import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDuckDbWarehouse } from '../../platform/warehouse/duckdb/duckDbWarehouse.js';
import { generateWarehouse } from '../../demo/warehouse/generateWarehouse.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { loadMarketDay } from '../../demo/fixtureMarket/marketDay.js';
import { startFixtureMarket, type FixtureMarket } from '../../demo/fixtureMarket/startFixtureMarket.js';
import { APP_PRODUCT_SCHEMA, WEB_PRODUCT_SCHEMA } from './defaultModelSchemas.js';
import { crawlChannelDay } from './crawlChannelDay.js';
import { ensureCoverageTable } from './crawlCoverage.js';
import { DEFAULT_LIMITS, type CrawlProfile } from './crawlTypes.js';
import { parseCrawlSettings } from './crawlSettings.js';
import { fixtureCrawlSettings, fixtureProductTemplate } from './fixtureProfiles.js';
import { loadCrawlInputs } from './listingContext.js';
import { factDay, maskSwings, swingShare } from './crawlTruth.js';

const DATE = '2026-03-31';
const GROUP = 1;
let wh: Warehouse;
let market: FixtureMarket;

function profileFor(channelId: number, responseType: 'HTML' | 'JSON'): CrawlProfile {
  return {
    ...DEFAULT_LIMITS,
    responseType,
    allowedHosts: [new URL(market.baseUrl).host],
    // The market's own host:port is trusted, as demo/crawlMarket.ts trusts it.
    outbound: { allow: [], trustedHosts: [new URL(market.baseUrl).host] },
    settings: parseCrawlSettings(fixtureCrawlSettings(channelId, responseType === 'HTML')),
  };
}

beforeAll(async () => {
  wh = await createDuckDbWarehouse(':memory:');
  await generateWarehouse(wh, {
    seed: 42,
    groups: [{ groupId: GROUP, name: 'Demo Brands' }],
    skusPerGroup: 80,
    channels: 4,
    cities: 6,
    days: 4,
    endDate: DATE,
  });
  market = await startFixtureMarket();
  // As the crawl feature's start does (startCrawling.ts), so a load writes only in its scope.
  await ensureCoverageTable(wh);
});

afterAll(async () => {
  await market?.close();
  await wh?.close();
});

describe.each([
  {
    channelId: 1,
    kind: 'web (HTML)',
    responseType: 'HTML' as const,
    template: fixtureProductTemplate(1, true),
    model: WEB_PRODUCT_SCHEMA,
  },
  {
    channelId: 61,
    kind: 'app (JSON)',
    responseType: 'JSON' as const,
    template: fixtureProductTemplate(61, false),
    model: APP_PRODUCT_SCHEMA,
  },
])('crawling a $kind channel day from the fixture market', ({ channelId, responseType, template, model }) => {
  it('loads fact_stock and fact_price rows equal to the generator truth, field by field', async () => {
    const key = { groupId: GROUP, channelId, date: DATE };
    const truthStock = await factDay(wh, 'fact_stock', key);
    const truthPrice = await factDay(wh, 'fact_price', key);
    expect(truthStock.length).toBeGreaterThan(100);
    // The variety the market must show: out of stock, delisted, dark-store counts (app channel).
    expect(truthStock.some((r) => r.stock_status === 0)).toBe(true);
    market.publish(await loadMarketDay(wh, GROUP, channelId, DATE));
    const inputs = await loadCrawlInputs(wh, GROUP, channelId, DATE, market.baseUrl, template);
    expect(inputs).toHaveLength(truthStock.length);
    // Wipe the day so only the crawl can bring it back.
    await wh.query('DELETE FROM fact_stock WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3', [
      GROUP,
      channelId,
      DATE,
    ]);
    await wh.query('DELETE FROM fact_price WHERE group_id = $1 AND channel_id = $2 AND crawl_date = $3', [
      GROUP,
      channelId,
      DATE,
    ]);
    // The load changes the group's rows from its day on only: answers over earlier days stay cached.
    const versions = () =>
      [`2026-03-30`, DATE].flatMap((through) => [1, 2].map((groupId) => wh.version({ groupId, through })));
    const [earlier, , day] = versions();

    const summary = await crawlChannelDay({
      wh,
      groupId: GROUP,
      channelId,
      date: DATE,
      profile: profileFor(channelId, responseType),
      model: model.dataModel,
      inputs,
    });

    const after = versions();
    expect(after[0]).toBe(earlier);
    expect(after[2]).toBeGreaterThan(day!);
    expect([after[1], after[3]]).toEqual([earlier, earlier]);
    expect(summary.log.filter((l) => l.reason !== null)).toEqual([]);
    expect(summary.log.some((l) => l.attempts > 1)).toBe(true); // 429s were retried
    expect(await factDay(wh, 'fact_stock', key)).toEqual(truthStock);
    const crawledPrice = await factDay(wh, 'fact_price', key);
    expect(crawledPrice).toHaveLength(truthPrice.length);
    // The generator simulates an intra-day price swing (Max Min) a single crawl cannot see: such
    // rows are the only allowed difference, in violation_type and the is_new_violation it drives.
    expect(maskSwings(truthPrice, crawledPrice)).toEqual(maskSwings(truthPrice, truthPrice));
    expect(swingShare(truthPrice)).toBeLessThan(0.02);
  });
});
