/**
 * The Share action of a screen's header (docs/admin.md, share links): create a read-only link with
 * an expiry, copy it, open it in a fresh browser with no session (read mode), revoke it from the
 * dialog, and the link answers 'Link has been expired!' (docs/product-spec.md §8).
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { kpiValue, pickOption, settled } from './support/screen.js';

const LONG = { timeout: 30_000 };

test('share a stock screen: create, copy, open read-only, revoke, expired', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page);
  await page.goto('/workspace/stock/kpi');
  const inStock = kpiValue(page, 'In Stock');
  await expect(inStock).toHaveText(/\d/, LONG);
  const figure = (await inStock.textContent())!;

  await page.screenshot({ path: 'test-results/share-header.png' });
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Share / });
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Share links of this screen' });
  const before = await dialog
    .getByText('No links to this screen yet.')
    .or(table)
    .first()
    .waitFor(LONG)
    .then(() => table.locator('tbody tr').count());

  await dialog.getByLabel('Expires after').selectOption({ label: '30 days' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const field = dialog.getByLabel(/^Link/);
  await expect(field).toHaveValue(/\/workspace\/paxviz\/stock-kpi\?token=/, LONG);
  const url = await field.inputValue();
  await expect(field).toHaveAttribute('readonly', '');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The new link heads the list, live, expiring in 30 days.
  await expect(table.locator('tbody tr')).toHaveCount(before + 1, LONG);
  const row = table.locator('tbody tr').first();
  await expect(row).toContainText('Live');
  const [created, expires] = await row
    .locator('td')
    .evaluateAll((cells) => cells.slice(0, 2).map((c) => c.textContent ?? ''));
  const day = (text: string) => Date.parse(text.replace(/^(\d\d)-(\w{3})-(\d{4}).*/, '$2 $1, $3'));
  expect((day(expires!) - day(created!)) / 86_400_000).toBe(30);
  await dialog.screenshot({ path: 'test-results/share-dialog.png' });

  // A fresh browser with no session: the shared screen's figures, read-only.
  const viewer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const view = await viewer.newPage();
    await view.goto(url);
    await expect(kpiValue(view, 'In Stock')).toHaveText(figure, LONG);
    await expect(view.locator('.ss-readfooter')).toHaveText(/Powered by\s*Shelfscope/);
    await expect(view.locator('.ss-sidebar')).toHaveCount(0);
    await expect(view.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);

    // Revoke it from the dialog, after the confirmation.
    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = dialog.getByRole('alertdialog', { name: 'Revoke link' });
    await expect(confirm).toContainText('Link has been expired!');
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await expect(row).toContainText('Revoked', LONG);
    await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
    await dialog.screenshot({ path: 'test-results/share-dialog-revoked.png' });

    // The viewer opens the link again: the spec's shared-view message, no data.
    const again = await viewer.newPage();
    await again.goto(url);
    const alert = again.getByRole('alertdialog');
    await expect(alert).toContainText('Link has been expired!', LONG);
    await expect(alert.getByRole('heading')).toHaveText('Paxviz');
    await expect(again.locator('.ss-kpi')).toHaveCount(0);
  } finally {
    await viewer.close();
  }
});

test('a link made with a channel filter opens with that filter and the same KPI figure', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/workspace/stock/kpi');
  const inStock = kpiValue(page, 'In Stock');
  await expect(inStock).toHaveText(/\d/, LONG);
  await settled(page);
  const unfiltered = (await inStock.textContent())!;
  await pickOption(page, 'Channel', 'Amazon');
  await expect(page.getByLabel('Selected filters')).toContainText('Amazon', LONG);
  await expect(inStock).not.toHaveText(unfiltered, LONG);
  await settled(page);
  const filtered = (await inStock.textContent())!;

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Share / });
  await expect(dialog).toContainText('It opens with the filters on screen');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const field = dialog.getByLabel(/^Link/);
  await expect(field).toHaveValue(/\/workspace\/paxviz\/stock-kpi\?token=/, LONG);
  const url = await field.inputValue();
  // The filters live in the link's row, not in the link text.
  expect(new URL(url).searchParams.get('channel_id')).toBeNull();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const viewer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const view = await viewer.newPage();
    await view.goto(url);
    const shared = kpiValue(view, 'In Stock');
    await expect(view.getByLabel('Selected filters')).toContainText('Amazon', LONG);
    await expect(shared).toHaveText(filtered, LONG);
    await expect(view.locator('.ss-readfooter')).toHaveText(/Powered by\s*Shelfscope/);
    await settled(view);
    await view.screenshot({ path: 'test-results/share-filtered-view.png' });
    // The viewer may still change the filters inside the frame.
    await view.getByRole('button', { name: /Remove Channel Amazon/ }).click();
    await expect(shared).toHaveText(unfiltered, LONG);
    await expect(view.locator('.ss-readfooter')).toBeVisible();
  } finally {
    await viewer.close();
  }
});

test('admin screens offer no Share action', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/workspace/stock/kpi');
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible(LONG);
  for (const screen of ['client/clients', 'client/clientlogs', 'user/users', 'role/roles']) {
    await page.goto(`/workspace/${screen}`);
    await expect(page.locator(`[data-screen="${screen}"] .ss-screen__title`)).toBeVisible(LONG);
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  }
});
