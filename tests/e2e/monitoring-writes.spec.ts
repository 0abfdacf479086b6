/**
 * Single-row writes on monitoring screens (config mutations on
 * warehouse rows). promo/plan: add a planned promotion through its overlay and see it in the plan
 * grid at once, then edit it. visibility/setup: favourite a keyword and see the grid's Favourite
 * column and action flip without a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { settled } from './support/screen.js';

type Row = Record<string, unknown>;

async function rowsOf(page: Page, endpoint: string, limit = 50): Promise<Row[]> {
  const answer = await page.context().request.get(`/api/v1/${endpoint}`, {
    params: { start_date: '2000-01-01', end_date: '2099-12-31', limit },
  });
  return ((await answer.json()) as { data: { rows: Row[] } }).data.rows;
}

test.describe('single-row writes on monitoring screens', () => {
  // Each test reads several screens' queries; on a shared 2-core machine that takes minutes.
  test.describe.configure({ timeout: 240_000 });
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
  });

  test('promo/plan: add a planned promotion, see it in the grid, edit it', async ({ page }) => {
    // A SKU of the group and the latest plan start, so the new row is first in the grid's default view.
    const [latest] = await rowsOf(page, 'promotion/planning');
    const offer = `E2E offer ${Date.now()}`;
    await page.goto('/workspace/promo/plan');
    await settled(page);

    await page.getByRole('button', { name: 'Add Promotion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Promotion' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.locator('#root_channel_name').selectOption('Amazon');
    await dialog.locator('#root_sku_code').fill(String(latest!.sku_code));
    await dialog.locator('#root_mechanic').selectOption('Coupon');
    await dialog.locator('#root_offer_text').fill(offer);
    await dialog.locator('#root_plan_price').fill('149');
    await dialog.locator('#root_start_date').fill(String(latest!.start_date));
    await dialog.locator('#root_end_date').fill(String(latest!.end_date));
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 60_000 });

    const grid = page.locator('.ss-widget', { hasText: 'Promotion plan' }).first();
    const added = grid.locator('tr', { hasText: offer });
    await expect(added).toBeVisible({ timeout: 60_000 });
    await expect(added).toContainText('Planning');
    await page.screenshot({ path: 'test-results/promo-plan-added.png', fullPage: true });

    await added.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Promotion' });
    await expect(edit.locator('#root_offer_text')).toHaveValue(offer, { timeout: 30_000 });
    await edit.locator('#root_offer_text').fill(`${offer} (edited)`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0, { timeout: 60_000 });
    await expect(grid.locator('tr', { hasText: `${offer} (edited)` })).toBeVisible({ timeout: 60_000 });
  });

  test('visibility/setup: favourite a keyword; the grid shows it at once', async ({ page }) => {
    await page.goto('/workspace/visibility/setup');
    await settled(page);
    const grid = page.locator('.ss-widget', { hasText: 'Tracked keywords' }).first();
    const top = grid.locator('tbody tr').first();
    const keyword = (await top.locator('td').first().innerText()).trim();
    const row = grid.locator('tbody tr', { hasText: keyword }).first();
    // Whatever the keyword's flag is now (an earlier run may have left it on), flip it and back.
    const wasOn = (await row.getByRole('button', { name: 'Unfavourite' }).count()) > 0;
    const first = wasOn ? 'Unfavourite' : 'Favourite';
    const then = wasOn ? 'Favourite' : 'Unfavourite';
    await row.getByRole('button', { name: first, exact: true }).click();
    await expect(row.getByRole('button', { name: then, exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(row.getByRole('cell', { name: wasOn ? 'No' : 'Favourite', exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/visibility-favourite.png', fullPage: true });
    // And back, with the token the grid read after the first write.
    await row.getByRole('button', { name: then, exact: true }).click();
    await expect(row.getByRole('button', { name: first, exact: true })).toBeVisible({ timeout: 60_000 });
  });
});
