/**
 * Visits every monitoring screen with the demo tenant in real Chromium and checks what a user
 * sees: KPI tiles with values, grids with rows, charts drawn, no widget in error and no console
 * error. Selectors are the engine's stable class names (WidgetFrame: `ss-widget--{kind}`).
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';

const SCREENS = [
  'dashboard/home',
  'dashboard/scorecard',
  'dashboard/cars',
  'stock/kpi',
  'stock/data',
  'price/kpi',
  'price/data',
  'price/competitors',
  'promo/kpi',
  'promo/data',
  'promo/plan',
  'content/kpi',
  'content/data',
  'review/kpi',
  'review/reviews',
  'review/products',
  'visibility/kpi',
  'visibility/data',
  'visibility/setup',
  'category/kpi',
  'category/data',
  'category/trend',
  'category/banners',
  'products/data',
  'products/kpi',
  'products/datamapper',
  'sales/kpi',
  'sales/data',
  'sales/bestsellers',
  'sales/trend',
  'salesv2/kpi',
  'salesv2/data',
  'sellers/kpi',
  'sellers/data',
  'sellers/mapping',
  'sellersbeta/kpi',
  'sellersbeta/data',
  'sellersbeta/mapping',
  'information/channels',
  'information/categorysales',
  'information/keywordreview',
  'carsx/data',
  'detection/data',
  'detection/all',
  'detection/tracking',
  'changedetection/data',
];

const EMPTY_VALUE = '---';

test.describe.configure({ mode: 'serial' });

let page: Page;
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await signIn(page);
});

test.afterAll(async () => {
  await page.close();
});

for (const key of SCREENS) {
  test(`${key} shows KPIs, grid rows and charts`, async () => {
    consoleErrors.length = 0;
    await page.goto(`/workspace/${key}`);
    const widgets = page.locator('.ss-widget');
    await expect(widgets.first()).toBeVisible({ timeout: 20_000 });
    // Every widget done loading, none in error, none empty, none unknown.
    await expect(page.locator('.ss-widget[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('.ss-widget .ss-state--error')).toHaveCount(0);
    await expect(page.locator('.ss-widget .ss-state--empty')).toHaveCount(0);
    await expect(page.locator('.ss-widget--unknown')).toHaveCount(0);

    const tiles = page.locator('.ss-widget--kpiTiles .ss-kpi__value');
    expect(await tiles.count(), 'KPI tiles').toBeGreaterThan(0);
    for (const value of await tiles.allInnerTexts()) {
      expect(value.trim(), 'KPI value').not.toBe('');
      expect(value.trim(), 'KPI value').not.toBe(EMPTY_VALUE);
    }

    const grids = page.locator('.ss-widget--grid');
    expect(await grids.count(), 'grids').toBeGreaterThan(0);
    for (const grid of await grids.all()) {
      expect(await grid.locator('tbody tr').count(), 'grid rows').toBeGreaterThan(0);
    }

    const charts = page.locator('.ss-widget--chart');
    const chartCount = await charts.count();
    expect(chartCount, 'charts').toBeGreaterThan(0);
    for (const chart of await charts.all()) {
      await expect(chart.locator('.ss-chart canvas, .ss-chart svg').first()).toBeVisible({ timeout: 20_000 });
    }

    expect(consoleErrors, 'console errors').toEqual([]);
  });
}
