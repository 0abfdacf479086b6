import { expect, type Locator, type Page } from '@playwright/test';

/** The value shown on the KPI tile with this label. */
export function kpiValue(page: Page, label: string): Locator {
  return page
    .locator('.ss-kpi')
    .filter({
      has: page.locator('.ss-kpi__label', {
        hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      }),
    })
    .locator('.ss-kpi__value');
}

/** The full figure of a KPI tile: its hover title when the tile shows the short form ('11.5k'). */
export async function kpiFullValue(page: Page, label: string): Promise<string> {
  const value = kpiValue(page, label);
  return (await value.getAttribute('title')) ?? (await value.textContent())!;
}

/** Picks an option of a multi-select filter (react-select) by typing its name. */
export async function pickOption(page: Page, filterLabel: string, option: string): Promise<void> {
  await page.getByLabel(filterLabel, { exact: true }).fill(option);
  // Bounded: an option already chosen is not offered, and an unbounded click waits out the test.
  await page.locator('.ss-select__option', { hasText: option }).first().click({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

/** Waits until every widget of the screen has settled (no loading frames left). */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"], .ss-widget--loading')).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Waits until the screen's widgets are on the page and have all settled. `settled` alone passes
 * before a screen's widgets mount (none is loading yet), so their first calls may still be ahead.
 */
export async function screenLoaded(page: Page): Promise<void> {
  await expect(page.locator('.ss-widget').first()).toBeVisible({ timeout: 20_000 });
  await settled(page);
}
