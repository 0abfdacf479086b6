/**
 * Visits every monitoring screen with the demo tenant in real Chromium and checks what a user
 * sees: KPI tiles with values, grids with rows, charts drawn, no widget in error and no console
 * error. Selectors are the engine's stable class names (WidgetFrame: `ss-widget--{kind}`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';
import { MONITORING_SCREENS } from '../support/monitoringScreens.js';

const SCREENS = MONITORING_SCREENS;

const EMPTY_VALUE = '---';
/** The stock area's data screen (another engineer's reference screen) is a grid only. */
const GRID_ONLY = new Set(['stock/data']);

// The screens are independent visits: the two workers share them (each signs in once on its own
// server) instead of one worker taking the whole file while the other idles at the suite's end.
test.describe.configure({ mode: 'parallel' });

let page: Page;
const consoleErrors: string[] = [];

// The data folder is wiped when the run's server starts, so a saved session belongs to this run;
// reusing it after a failed test restarts the worker keeps clear of the login rate limit.
const SESSION_STATE = path.join(E2E_DATA_DIR, 'every-screen-session.json');
test.beforeAll(async ({ browser }) => {
  const reuse = existsSync(SESSION_STATE);
  const context = await browser.newContext(reuse ? { storageState: SESSION_STATE } : {});
  page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  if (!reuse) {
    await signIn(page);
    await context.storageState({ path: SESSION_STATE });
  }
});

test.afterAll(async () => {
  await page.context().close();
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
    // An upload panel (a monitoring screen's own data-in, e.g. promo/plan's import) lists the
    // group's uploads: on a fresh demo tenant there are none, and it rightly says so.
    await expect(page.locator('.ss-widget:not(.ss-widget--uploadPanel) .ss-state--empty')).toHaveCount(0);
    await expect(page.locator('.ss-widget--unknown')).toHaveCount(0);

    const full = !GRID_ONLY.has(key);
    const tiles = page.locator('.ss-widget--kpiTiles .ss-kpi__value');
    if (full) expect(await tiles.count(), 'KPI tiles').toBeGreaterThan(0);
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
    if (full) expect(chartCount, 'charts').toBeGreaterThan(0);
    for (const chart of await charts.all()) {
      await expect(chart.locator('.ss-chart canvas, .ss-chart svg').first()).toBeVisible({ timeout: 20_000 });
    }

    expect(consoleErrors, 'console errors').toEqual([]);
  });
}
