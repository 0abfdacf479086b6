/**
 * One sweep of every monitoring and advertising screen with the demo tenant in real Chromium at 1280 px, checking
 * what a user sees: KPI tiles with values, grids with rows, charts drawn, no widget in error and no
 * console error; no grid wider than its card (wide grids scroll inside it, no column clipped), each
 * grid's first column pinned, its key columns in view and a scroll cue when it hides columns, the
 * page never scrolls sideways, and axe finds no serious or critical accessibility violation. A
 * screenshot of each screen is kept in the run's data folder (shots/) for a person to look at
 * (outside CI, or with E2E_SHOTS=1).
 * Selectors are the engine's stable class names (WidgetFrame: `ss-widget--{kind}`).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';
import { screenLoaded } from './support/screen.js';
import { ADVERTISING_SCREENS, MONITORING_SCREENS } from '../support/monitoringScreens.js';

const EMPTY_VALUE = '---';
/** The stock area's data screen (another engineer's reference screen) and its early warnings are grids only. */
const GRID_ONLY = new Set(['stock/data', 'stock/warnings']);
/** Grids sized to show every column at 1280 px, with no sideways scroll at all. */
const FITS_WHOLLY = new Set(['stock/warnings']);
const SHOTS = path.join(E2E_DATA_DIR, 'shots');
const TAKE_SHOTS = process.env.E2E_SHOTS === '1' || !process.env.CI;

// The screens are independent visits: the two workers share them (each signs in once on its own
// server) instead of one worker taking the whole file while the other idles at the suite's end.
// A visit does what two did before (content, then fit, screenshot and axe): twice the time allowed,
// as axe alone took 30 s on a price screen at load 25.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

let page: Page;
const consoleErrors: string[] = [];

// The data folder is wiped when the run's server starts, so a saved session belongs to this run;
// reusing it after a failed test restarts the worker keeps clear of the login rate limit.
const SESSION_STATE = path.join(E2E_DATA_DIR, 'every-screen-session.json');
test.beforeAll(async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const reuse = existsSync(SESSION_STATE);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...(reuse ? { storageState: SESSION_STATE } : {}),
  });
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

interface GridFit {
  title: string;
  card: number;
  cardScroll: number;
  clippedHeaders: string[];
  /** Columns in the first row; the first one's computed position (sticky when pinned). */
  cells: number;
  firstPosition: string;
  /** Pinned columns and the first figure column after them, wholly inside the scroller at rest. */
  keyColumnsVisible: boolean;
  /** Columns hidden to the right, and whether the "More columns" cue shows. */
  hidesColumns: boolean;
  cueVisible: boolean;
}

/** KPI tiles with values, grids with rows, charts drawn; nothing in error, empty or unknown. */
async function expectContent(key: string, chartsRequired: boolean): Promise<void> {
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
  if (full && chartsRequired) expect(await charts.count(), 'charts').toBeGreaterThan(0);
  for (const chart of await charts.all()) {
    await expect(chart.locator('.ss-chart canvas, .ss-chart svg').first()).toBeVisible({ timeout: 20_000 });
  }
}

/**
 * At 1280 px: every grid fits its card with no clipped header; its first column is pinned, its key
 * columns (the pinned ones and the first after them) show without scrolling, and a grid that hides
 * columns to the right says so (the "More columns" cue); with `whole`, no column is hidden. The
 * page does not scroll sideways, no empty layout row takes room, no filter spills into the next and
 * the submenu's tabs and date picker share one line.
 */
async function expectFit(whole: boolean): Promise<void> {
  const fits = await page.locator('.ss-widget--grid').evaluateAll((cards) =>
    cards.map<GridFit>((card) => {
      const scroller = card.querySelector<HTMLElement>('.ss-grid__scroll');
      const row = [...(card.querySelector('tbody tr')?.children ?? [])].filter(
        (td) => !td.classList.contains('ss-grid__tick'),
      );
      const box = scroller?.getBoundingClientRect();
      const pinned = row.filter((td) => td.classList.contains('ss-sticky'));
      const key = [...pinned, ...row.slice(pinned.length, pinned.length + 1)];
      const cue = card.querySelector<HTMLElement>('.ss-grid__more');
      return {
        title: card.querySelector('h2, h3')?.textContent ?? '',
        card: card.clientWidth,
        cardScroll: card.scrollWidth,
        // A header whose text is wider than its cell is a hidden column name.
        clippedHeaders: [...card.querySelectorAll('th')]
          .filter((th) => th.scrollWidth > th.clientWidth + 1)
          .map((th) => th.textContent ?? ''),
        cells: row.length,
        firstPosition: row[0] ? getComputedStyle(row[0]).position : '',
        keyColumnsVisible:
          !!box &&
          key.every((td) => {
            const r = td.getBoundingClientRect();
            return r.left >= box.left - 1 && r.right <= box.right + 1;
          }),
        hidesColumns: !!scroller && scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1,
        cueVisible: !!cue && cue.offsetParent !== null,
      };
    }),
  );
  for (const fit of fits) {
    expect(fit.cardScroll, `${fit.title}: grid wider than its card`).toBeLessThanOrEqual(fit.card + 1);
    expect(fit.clippedHeaders, `${fit.title}: clipped headers`).toEqual([]);
    if (fit.cells < 2) continue; // an empty or one-column list: nothing to pin or hide
    expect(fit.firstPosition, `${fit.title}: first column pinned`).toBe('sticky');
    expect(fit.keyColumnsVisible, `${fit.title}: key columns visible at 1280 px`).toBe(true);
    expect(fit.cueVisible, `${fit.title}: scroll cue when columns are hidden`).toBe(fit.hidesColumns);
    if (whole) expect(fit.hidesColumns, `${fit.title}: every column in view at 1280 px`).toBe(false);
  }
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, 'page scrolls sideways').toBeLessThanOrEqual(1280);
  // A layout row that shows nothing (a closed overlay and its form) leaves no blank band of gaps.
  const bareRows = await page
    .locator('.ss-layout > .ss-row')
    .evaluateAll(
      (rows) =>
        rows.filter((r) => getComputedStyle(r).display !== 'none' && r.getBoundingClientRect().height === 0)
          .length,
    );
  expect(bareRows, 'layout rows with nothing to show taking room').toBe(0);
  // No filter's content runs past its field into the next one (the rank presets once did).
  const spilling = await page
    .locator('.ss-filter')
    .evaluateAll((fields) =>
      fields
        .filter((f) => f.scrollWidth > f.clientWidth + 1)
        .map((f) => f.querySelector('.ss-filter__label')?.textContent ?? ''),
    );
  expect(spilling, 'filters whose content runs into the next').toEqual([]);
  // The submenu is one line: tabs that do not fit scroll, none wraps, and the date picker sits beside them.
  const submenus = await page.locator('.ss-submenu').evaluateAll((navs) =>
    navs.map((nav) => {
      const tabs = nav.querySelector('.ss-tabs')!.getBoundingClientRect();
      const end = nav.querySelector('.ss-submenu__end')?.getBoundingClientRect();
      const boxes = [...nav.querySelectorAll('.ss-tab')].map((t) => t.getBoundingClientRect());
      return {
        tabLines: new Set(boxes.map((b) => `${Math.round(b.top)}:${Math.round(b.height)}`)).size,
        pickerBesideTabs: !end || (end.top < tabs.bottom && end.bottom > tabs.top),
      };
    }),
  );
  for (const submenu of submenus)
    expect(submenu, 'submenu on one line').toEqual({ tabLines: 1, pickerBesideTabs: true });
}

/**
 * No serious or critical axe violation, of every rule axe has (WCAG and best practice). Only
 * violations are collected in full: the passes and inapplicable results, unread here, were most
 * of axe's time on a big grid. Legacy mode runs axe in the screen's own page: the default opens
 * a blank page per call to merge frame results, which doubled each visit's axe time (about 3 s
 * to 1.5 s), and these screens have no frames to merge.
 */
async function expectAccessible(): Promise<void> {
  const axe = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious, 'serious or critical axe violations').toEqual([]);
}

/**
 * Opens a screen as a user moving through the workspace does: after the first screen, by the
 * router (the history entry the sidebar's links push), not a page load per screen. The app,
 * its bundle and the chart worker stay loaded, which took about a second off each visit; the
 * screen is keyed by its name (ScreenPage.tsx), so it mounts afresh with nothing of the last one.
 */
async function open(key: string): Promise<void> {
  const url = `/workspace/${key}`;
  if (!page.url().includes('/workspace/')) await page.goto(url);
  else
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  await expect(page.locator(`.ss-screen[data-screen="${key}"]`)).toBeVisible({ timeout: 20_000 });
}

// The advertising screens chart only some of their tabs; every monitoring screen charts.
const SWEEP = [
  ...MONITORING_SCREENS.map((key) => ({ key, chartsRequired: true })),
  ...ADVERTISING_SCREENS.map((key) => ({ key, chartsRequired: false })),
  // The early warnings are a grid read from insights/stockout-warnings, not a dataset query.
  { key: 'stock/warnings', chartsRequired: false },
];

for (const { key, chartsRequired } of SWEEP) {
  test(`${key}: KPIs, grid rows and charts; at 1280 px grids fit their cards, no serious a11y violation`, async () => {
    consoleErrors.length = 0;
    await open(key);
    await screenLoaded(page);
    await expect(page.locator('.ss-widget[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    await expectContent(key, chartsRequired);
    await expectFit(FITS_WHOLLY.has(key));
    expect(consoleErrors, 'console errors').toEqual([]);
    // For a person to look at; CI throws them away, so it takes none (E2E_SHOTS=1 forces them).
    if (TAKE_SHOTS)
      await page.screenshot({ path: path.join(SHOTS, `${key.replace('/', '-')}.png`), fullPage: true });
    await expectAccessible();
  });
}
