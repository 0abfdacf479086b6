import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { screenLoaded, settled } from './support/screen.js';

/** Presses Tab until `target` has focus; fails after `max` presses (a keyboard user would give up). */
async function tabTo(page: Page, target: Locator, max = 120): Promise<number> {
  const focused = () =>
    target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  if (await focused()) return 0;
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await focused()) return presses;
  }
  throw new Error(`focus never reached ${target.toString()} in ${max} presses`);
}

test.describe('keyboard only', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
  });

  test('from the top of a page: skip to the filters, filter, sort, drill and export', async ({ page }) => {
    await page.goto('/workspace/stock/kpi');
    await screenLoaded(page);
    // The first Tab shows the skip link; Enter lands in the filter bar: two presses, not forty.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to filters and content' })).toBeFocused();
    await page.keyboard.press('Enter');
    const filters = page.getByRole('search', { name: 'Filters' });
    expect(await filters.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    // Filter: the Channel list, typed and chosen with Enter.
    await tabTo(page, page.getByLabel('Channel', { exact: true }), 60);
    await page.keyboard.type('Amazon');
    // Enter picks the focused option: wait until the typed search has answered and Amazon holds
    // the focus. The menu first shows the unsearched list (Amazon on top, focused), then empties
    // while the 200 ms debounced search loads: an Enter in that gap picks nothing. Only the
    // searched list holds nothing but Amazon.
    await expect
      .poll(async () => {
        const options = await page.locator('.ss-select__option').allInnerTexts();
        return options.length > 0 && options.every((text) => text.includes('Amazon'));
      })
      .toBe(true);
    await page.locator('.ss-select__option--is-focused', { hasText: 'Amazon' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Selected filters')).toContainText('Amazon');
    await settled(page);

    // Sort: a sortable header of the grid, with Enter.
    const sortable = page.locator('.ss-widget--grid th button.ss-sort').first();
    await tabTo(page, sortable);
    await page.keyboard.press('Enter');
    await expect(page.locator('.ss-widget--grid th[aria-sort]').first()).toBeVisible();
    await settled(page);

    // Drill: a tile's "View rows" from the keyboard (Shift+Tab back up the page).
    const drill = page.getByRole('button', { name: /View rows behind Out Of Stock/ });
    await drill.waitFor();
    for (let i = 0; i < 200 && !(await drill.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Shift+Tab');
    await expect(drill).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: /Rows behind Out Of Stock/ })).toBeVisible();

    // Export: the CSV beside the workbook, as a job.
    const csv = page.getByRole('link', { name: 'Export CSV' }).first();
    await tabTo(page, csv, 200);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Hold On!')).toBeVisible();
  });
});
