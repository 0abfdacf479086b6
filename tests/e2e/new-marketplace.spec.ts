/**
 * A new marketplace through the product's screens alone (docs/crawl.md "Add a marketplace"): the
 * demo data has a sixth channel (Swiggy Instamart) with no channel profile. The group admin writes
 * its model schema in the editor; platform staff save its profile on Platform Settings (cookie
 * location, wall markers, two cities), open it again in the edit form (filled from what was
 * saved), save two sample pages of its site (a product page, the captcha) and try the profile on
 * them; the admin adds a crawl timing (the channel listed from its profile) and runs it. The run
 * ends Blocked, the Crawling Logs show its Blocked pages and coverage per city, and each city's
 * Stock and Price grids list what the crawl loaded there. Per-city values against the market's truth:
 * tests/api/newMarketplace.test.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { startSpecServer } from './support/specServer.js';
import { STAFF_USER } from './support/staff.js';
import { WEB_PRODUCT_SCHEMA } from '../../src/server/features/crawl/defaultModelSchemas.js';
import { pageFate } from '../../src/server/demo/fixtureMarket/marketMechanics.js';

// A server of this spec's own: six channels in its demo data (the suite's has five), a small tenant.
const port = Number(process.env.E2E_PORT ?? 18080) + 1100;
const baseURL = `http://127.0.0.1:${port}`;
const root = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-e2e-market-'));
const dataDir = path.join(root, 'data');
let server: ChildProcess;
const CHANNEL = 63;
const MARKET = { seed: 42, wallPct: 40, soft404Pct: 5 };

test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startSpecServer(
    port,
    {
      DATA_DIR: dataDir,
      DEMO_SKUS: '20',
      DEMO_DAYS: '7',
      DEMO_CHANNELS: '6',
      DEMO_CRAWL_DAY: 'false',
      // 24 pages in two cities: 40% behind a wall, so some (two) stay blocked for every session.
      DEMO_SEED: String(MARKET.seed),
      DEMO_MARKET_WALLS_PCT: String(MARKET.wallPct),
      DEMO_MARKET_SOFT404_PCT: String(MARKET.soft404Pct),
      LOGIN_RATE_PER_ADDRESS: '1000',
    },
    230_000,
  );
});

test.afterAll(() => {
  server?.kill();
  rmSync(root, { recursive: true, force: true });
});

const section = (page: Page, title: RegExp) =>
  page.locator('section', { has: page.getByRole('heading', { name: title }) });

/** A page of the site as a shopper's browser got it: home page, then the city, then the page. */
async function shopperPage(
  base: string,
  sku: string,
  city: number,
): Promise<{ status: number; body: string }> {
  const jar = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const home = await fetch(`${base}/web/${CHANNEL}/`);
  const cookies = jar(home);
  const loc = await fetch(`${base}/web/${CHANNEL}/location?city=${city}`, {
    method: 'POST',
    headers: { cookie: cookies.join('; ') },
  });
  const page = await fetch(`${base}/web/${CHANNEL}/dp/${sku}`, {
    headers: { cookie: [...cookies, ...jar(loc)].join('; ') },
  });
  return { status: page.status, body: await page.text() };
}

/** The number in a grid's column `header` on the row holding `rowText`. */
async function cell(grid: Locator, rowText: RegExp, header: string): Promise<number> {
  const row = grid.locator('tbody tr', { hasText: rowText }).first();
  await expect(row).toBeVisible(); // the grid has loaded (a page just opened may not have)
  const headers = await grid.locator('thead th').allTextContents();
  const at = headers.findIndex((h) => h.trim().startsWith(header));
  expect(at, `${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return Number((await row.locator('td').nth(at).innerText()).replace(/\D/g, ''));
}

test('a sixth marketplace added on screens: profile, samples, timing, crawl, Stock and Price', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, undefined, undefined, dataDir);

  // The group admin: the channel's product schema, in the editor.
  await page.goto('/workspace/tracking/modelSchema/add/');
  await page.getByLabel('Name', { exact: true }).fill('Swiggy Instamart product page');
  await page.getByLabel('Response Type').selectOption('HTML');
  await page.getByLabel('Model Schema (JSON)').fill(JSON.stringify(WEB_PRODUCT_SCHEMA, null, 2));
  await page.getByRole('button', { name: 'Insert' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'New Schema Model Inserted Successfully !' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/modelSchema\/edit\/\d+$/);
  const schemaId = /(\d+)$/.exec(page.url())![1]!;
  // Where the market is (the fixture profiles name it), and a listing of the channel to sample.
  const profiles = (await (await page.request.get('/api/v1/channelprofile/list')).json()) as {
    data: { channel_id: number; base_url: string }[];
  };
  expect(profiles.data.map((p) => p.channel_id)).not.toContain(CHANNEL);
  const market = profiles.data[0]!.base_url;
  const mapping = (await (await page.request.get('/api/v1/tracking/mapping/rows?limit=500')).json()) as {
    data: { rows: { channel_id: number; channel_sku_code: string }[] };
  };
  const codes = mapping.data.rows.filter((r) => r.channel_id === CHANNEL).map((r) => r.channel_sku_code);
  // The pages the site has (a listing not sold in a city is a 404 there), and what it does to each.
  const sitePages: { code: string; city: number; fate: ReturnType<typeof pageFate> }[] = [];
  for (const code of codes)
    for (const city of [1, 2])
      if ((await shopperPage(market, code, city)).status !== 404)
        sitePages.push({ code, city, fate: pageFate(MARKET, CHANNEL, code, city) });
  // A Delhi page the market shows plainly (no wall, not a soft 404) to sample.
  const sku = sitePages.find((p) => p.city === 1 && !p.fate.wall && !p.fate.soft404)!.code;
  // Pages behind a wall for every session: the crawl must end Blocked.
  expect(sitePages.filter((p) => p.fate.wall?.hard).length).toBeGreaterThan(0);

  // Platform staff: the profile, two sample pages, the dry run.
  const staff = await (await browser.newContext({ baseURL })).newPage();
  await staff.setViewportSize({ width: 1280, height: 1400 });
  await signIn(staff, STAFF_USER, undefined, dataDir);
  await staff.goto('/workspace/platform/settings');
  const form = section(staff, /^Add a marketplace/);
  await form.getByLabel(/^Channel Id/).fill(String(CHANNEL));
  await form.getByLabel(/^Channel Name/).fill('Swiggy Instamart');
  await form.getByLabel(/^Base URL/).fill(market);
  await form.getByLabel(/^Product URL Template/).fill(`/web/${CHANNEL}/dp/{sku}`);
  await form.getByLabel(/^Product Model Schema Id/).fill(schemaId);
  await form.getByLabel(/^Requests\/s/).fill('100');
  await form.getByLabel(/^Crawl Settings/).fill(
    JSON.stringify(
      {
        session: { warmup_url: `/web/${CHANNEL}/`, per_city: 2, min_interval_ms: 50 },
        location: { kind: 'cookie', url: `/web/${CHANNEL}/location?city={city}`, method: 'POST' },
        blocks: {
          statuses: [403, 503],
          markers: ['Robot Check', 'Checking your browser'],
          required_fields: ['stock_status'],
        },
        not_found_markers: ['This product is unavailable'],
        cities: [1, 2],
      },
      null,
      2,
    ),
  );
  await form.getByRole('button', { name: 'Save Channel Profile' }).click();
  await expect(form.getByRole('status')).toHaveText('Channel Profile Saved Successfully');
  // Edited later: the profile's row opens the edit form filled with what was saved.
  const profileGrid = section(staff, /^Channel profiles of this group/);
  await profileGrid
    .locator('tbody tr', { hasText: 'Swiggy Instamart' })
    .getByRole('button', { name: 'Edit profile' })
    .click();
  const edit = staff.getByRole('dialog');
  await expect(edit.getByLabel(/^Channel Name/)).toHaveValue('Swiggy Instamart');
  await expect(edit.getByLabel(/^Product URL Template/)).toHaveValue(`/web/${CHANNEL}/dp/{sku}`);
  await expect(edit.getByLabel(/^Crawl Settings/)).toHaveValue(/"cities": \[\s*1,\s*2\s*\]/);
  await staff.screenshot({ path: 'test-results/new-marketplace-edit.png', fullPage: true });
  await edit.getByRole('button', { name: 'Save Channel Profile' }).click();
  await expect(edit).toBeHidden();
  await expect(profileGrid.getByRole('status')).toHaveText('Channel Profile Saved Successfully');

  const samples = section(staff, /^Sample page of a marketplace/);
  const captcha = await fetch(`${market}/web/${CHANNEL}/dp/${sku}`); // no session: the site's wall
  for (const [name, body] of [
    ['product', (await shopperPage(market, sku, 1)).body],
    ['captcha', await captcha.text()],
  ] as const) {
    await samples.getByLabel(/^Channel Id/).fill(String(CHANNEL));
    await samples.getByLabel(/^Sample Name/).fill(name);
    await samples.getByLabel(/^Page/).fill(body);
    await samples.getByRole('button', { name: 'Save Sample Page' }).click();
    await expect(samples.getByRole('status')).toHaveText('Sample Page Saved');
  }
  const dryRun = section(staff, /^Try a channel profile/);
  await dryRun.getByLabel(/^Channel Id/).fill(String(CHANNEL));
  await dryRun.getByRole('button', { name: 'Test Profile' }).click();
  await expect(dryRun.getByRole('status')).toHaveText(
    /^product: page \(stock_status \d, selling_price [\d.]+\); captcha: Blocked \(challenge page \("Robot Check"\)\)$/,
  );
  await staff.screenshot({ path: 'test-results/new-marketplace-profile.png', fullPage: true });
  await staff.context().close();

  // The group admin: a crawl timing, run now; the run ends Blocked (pages behind a wall).
  await page.goto('/workspace/settings/crawltimings');
  const add = section(page, /^Add a crawl timing/);
  await add.getByLabel(/^Channel/).selectOption({ label: 'Swiggy Instamart (web, HTML)' });
  await add.getByRole('button', { name: 'Add Timing' }).click();
  await expect(add.getByRole('status')).toHaveText('Crawl Timing Added Successfully');
  const timing = page.locator('table tbody tr', { hasText: 'Swiggy Instamart' });
  await expect(timing).toBeVisible();
  // Leave the page only once the run is queued: a navigation right after the click can cancel the
  // call in flight, and no run is ever made.
  const queued = page.waitForResponse(
    (r) => r.url().includes('crawl/timings/run') && r.request().method() === 'POST',
  );
  await timing.getByRole('button', { name: 'Run Now' }).click();
  expect((await queued).ok()).toBe(true);
  await page.goto('/workspace/processmonitor/process_status');
  const run = page.locator('table tbody tr').first();
  await expect(run).toContainText('Swiggy Instamart');
  await expect(run).toContainText('Blocked', { timeout: 120_000 });

  // Crawling Logs: Blocked pages of the channel; coverage per city.
  await page.goto('/workspace/processmonitor/initiate_crawling_logs');
  const pages = section(page, /^Fetched pages/);
  const blockedRow = pages.locator('tbody tr', { hasText: 'Blocked' }).first();
  // The grid's first page first (Show More is disabled while it loads, and for good once every row
  // is shown): then more pages only while the Blocked row is not among those shown.
  await expect(pages.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  const more = pages.getByRole('button', { name: 'Show More' });
  for (let n = 0; n < 3 && !(await blockedRow.isVisible()) && (await more.isEnabled()); n++) {
    const shown = await pages.locator('tbody tr').count();
    await more.click();
    await expect(pages.locator('tbody tr')).not.toHaveCount(shown);
  }
  await expect(blockedRow).toContainText(`/web/${CHANNEL}/dp/`);
  const coverage = section(page, /^Coverage per channel and city/);
  await expect(coverage.locator('tbody tr', { hasText: 'Swiggy Instamart' })).toHaveCount(2);
  await page.screenshot({ path: 'test-results/new-marketplace-logs.png', fullPage: true });
  const runs = (await (await page.request.get('/api/v1/processmonitor/process_status?limit=1')).json()) as {
    data: { crawl_date: string }[];
  };
  const day = runs.data[0]!.crawl_date.slice(0, 10);

  // Blocked per city: exactly the pages behind a wall for every session.
  const blocked = async (city: string) => cell(coverage, new RegExp(`Swiggy Instamart.*${city}`), 'Blocked');
  expect((await blocked('Delhi')) + (await blocked('Mumbai'))).toBe(
    sitePages.filter((p) => p.fate.wall?.hard).length,
  );

  // Each city's Stock grid lists exactly the pages the crawl loaded there; Price the priced ones.
  for (const [city, name] of [
    [1, 'Delhi'],
    [2, 'Mumbai'],
  ] as const) {
    const loaded = await cell(coverage, new RegExp(`Swiggy Instamart.*${name}`), 'Loaded');
    const view = `channel_id=[${CHANNEL}]&city_id=[${city}]&start_date=${day}&end_date=${day}`;
    await page.goto(`/workspace/stock/data?${view}`);
    await expect(page.getByTestId('tab-count')).toHaveText(new RegExp(`/${loaded}$`));
    await page.goto(`/workspace/price/data?${view}`);
    const priced = Number((await page.getByTestId('tab-count').innerText()).split('/')[1]);
    expect(priced).toBeGreaterThan(0);
    expect(priced).toBeLessThanOrEqual(loaded);
    await page.goto('/workspace/processmonitor/initiate_crawling_logs');
  }
  await page.screenshot({ path: 'test-results/new-marketplace-price.png', fullPage: true });
});
