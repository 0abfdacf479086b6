/**
 * Issue 17 §2 in real Chromium at 1280 px: on every monitoring screen no grid is wider than its
 * card (wide grids scroll inside it, no column clipped), the page never scrolls sideways, and axe
 * finds no serious or critical accessibility violation. A screenshot of each screen is kept in the
 * run's data folder (shots/) for a person to look at.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MONITORING_SCREENS } from '../support/monitoringScreens.js';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';
import { settled } from './support/screen.js';

const SHOTS = path.join(E2E_DATA_DIR, 'shots');
const SESSION_STATE = path.join(E2E_DATA_DIR, 'finished-screens-session.json');
// The screens are independent visits: the two workers share them (each signs in once on its own
// server) instead of one worker taking the whole file while the other idles at the suite's end.
test.describe.configure({ mode: 'parallel' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const reuse = existsSync(SESSION_STATE);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...(reuse ? { storageState: SESSION_STATE } : {}),
  });
  page = await context.newPage();
  if (!reuse) {
    await signIn(page);
    await context.storageState({ path: SESSION_STATE });
  }
});

test.afterAll(async () => {
  await page.context().close();
});

interface GridFit {
  card: number;
  cardScroll: number;
  clippedHeaders: string[];
}

for (const key of MONITORING_SCREENS) {
  test(`${key} at 1280 px: grids fit their cards, no serious a11y violation`, async () => {
    await page.goto(`/workspace/${key}`);
    await expect(page.locator('.ss-widget').first()).toBeVisible({ timeout: 20_000 });
    await settled(page);
    await expect(page.locator('.ss-widget[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });

    const fits = await page.locator('.ss-widget--grid').evaluateAll((cards) =>
      cards.map<GridFit>((card) => ({
        card: card.clientWidth,
        cardScroll: card.scrollWidth,
        // A header whose text is wider than its cell is a hidden column name.
        clippedHeaders: [...card.querySelectorAll('th')]
          .filter((th) => th.scrollWidth > th.clientWidth + 1)
          .map((th) => th.textContent ?? ''),
      })),
    );
    expect(fits.length, 'grids').toBeGreaterThan(0);
    for (const fit of fits) {
      expect(fit.cardScroll, 'grid wider than its card').toBeLessThanOrEqual(fit.card + 1);
      expect(fit.clippedHeaders, 'clipped headers').toEqual([]);
    }
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, 'page scrolls sideways').toBeLessThanOrEqual(1280);

    await page.screenshot({ path: path.join(SHOTS, `${key.replace('/', '-')}.png`), fullPage: true });

    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
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
  });
}
