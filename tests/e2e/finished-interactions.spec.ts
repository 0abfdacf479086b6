/**
 * By hand and by keyboard in real Chromium: the number style chosen in the user menu
 * reformats the figures and survives a reload; grid sort, Show More, filters and menus work from
 * the keyboard; KPI tiles drill down to their rows; images open a preview; charts save as PNG/SVG.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';
import { kpiValue, settled } from './support/screen.js';

const SESSION_STATE = path.join(E2E_DATA_DIR, 'finished-interactions-session.json');
let page: Page;

test.beforeAll(async ({ browser }) => {
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

test('the user menu number style reformats figures (Indian lakh/crore grouping vs international) and is kept', async () => {
  await page.goto('/workspace/sales/kpi');
  await settled(page);
  const revenue = kpiValue(page, 'Revenue').first();
  await expect(revenue).toHaveText(/\d/);
  const trigger = page.locator('.ss-usermenu__trigger');
  await trigger.focus();
  await page.keyboard.press('Enter');
  const intl = page.getByRole('menuitemradio', { name: /International/ });
  await intl.focus();
  await page.keyboard.press('Enter');
  // ₹12,34,567 (Indian) becomes ₹1,234,567: groups of three only.
  await expect(revenue).toHaveText(/^₹\d{1,3}(,\d{3})+$|^₹\d{1,3}(\.\d+)?[kmbt]$/);
  const international = await revenue.innerText();
  await page.reload();
  await settled(page);
  await expect(kpiValue(page, 'Revenue').first()).toHaveText(international);
  await trigger.click();
  await page.getByRole('menuitemradio', { name: /Indian/ }).click();
  await expect(kpiValue(page, 'Revenue').first()).not.toHaveText(international);
  await expect(kpiValue(page, 'Revenue').first()).toHaveText(/^₹\d{1,2}(,\d{2})*,\d{3}$|Cr$|L$/);
});

test('the user menu opens and closes by keyboard', async () => {
  await page.goto('/workspace/stock/kpi');
  const trigger = page.locator('.ss-usermenu__trigger');
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('grid sort, Show More and a filter work from the keyboard', async () => {
  await page.goto('/workspace/stock/data');
  await settled(page);
  const sort = page.locator('th button.ss-sort', { hasText: 'Product' });
  await sort.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.locator('th').filter({ has: page.locator('button.ss-sort', { hasText: 'Product' }) }),
  ).toHaveAttribute('aria-sort', /ascending|descending/);
  await settled(page);

  const more = page.getByRole('button', { name: 'Show More' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tab-count')).toHaveText(/^20\/\d+$/);

  const channel = page.getByLabel('Channel', { exact: true });
  await channel.focus();
  // The list answered for '' shows Amazon too, and a new prefix empties the list while it loads:
  // press Enter only once the answer for the typed prefix is in (else Enter meets an empty list).
  const typedAnswer = page.waitForResponse(
    (r) => r.url().includes('/suggestion/') && new URL(r.url()).searchParams.get('prefix') === 'Amazon',
  );
  await page.keyboard.type('Amazon');
  await typedAnswer;
  await expect(page.locator('.ss-select__option', { hasText: 'Amazon' }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Selected filters')).toContainText('Amazon');
});

test('a KPI tile drills down to the grid rows behind it', async () => {
  await page.goto('/workspace/stock/kpi');
  await settled(page);
  // The tile's full figure (on hover when the tile shows it short).
  const tile = kpiValue(page, 'Out Of Stock').first();
  const shown = (await tile.getAttribute('title')) ?? (await tile.innerText());
  await page.getByRole('button', { name: 'View rows behind Out Of Stock' }).click();
  const rows = page.getByRole('region', { name: 'Rows behind Out Of Stock' });
  // Listings, each counting its observations: the column's total is the tile, in its unit.
  await expect(rows.getByText(/^[\d,]+ listings\. The tile counts observations/)).toBeVisible();
  await expect(rows.locator('tfoot td').first()).toHaveText(shown);
  const listed = await rows.locator('.ss-explain__summary').innerText();
  // The condition is a tag: removed, every listing under the filters, the total unchanged.
  await rows.getByRole('button', { name: 'Remove condition Out Of Stock' }).click();
  await expect(rows.locator('.ss-explain__summary')).not.toHaveText(listed);
  await expect(rows.locator('tfoot td').first()).toHaveText(shown);
  await expect(rows.getByRole('button', { name: /^Only the rows counted/ })).toBeVisible();
  // The tile's own drill to the Data tab: its observations with that status.
  await rows.getByRole('link', { name: /^Open in Data/ }).click();
  await expect(page).toHaveURL(/\/workspace\/stock\/data\?.*observed_status=%5B0%5D/);
});

test('a product image opens a preview with its product page links; Escape closes it', async () => {
  await page.goto('/workspace/stock/data');
  await settled(page);
  await page
    .getByRole('button', { name: /^Preview image of / })
    .first()
    .click();
  const dialog = page.locator('dialog.ss-preview[open]');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('img')).toBeVisible();
  // Its product page on the channel, from GET product/page/data.
  await expect(dialog.getByRole('link', { name: /^Open on / }).first()).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog.ss-preview[open]')).toHaveCount(0);
});

test('a chart saves as SVG and offers PNG', async () => {
  await page.goto('/workspace/stock/kpi');
  await settled(page);
  const chart = page.locator('.ss-widget--chart').first();
  await expect(chart.locator('.ss-chart svg, .ss-chart canvas').first()).toBeVisible({ timeout: 20_000 });
  await chart.getByLabel('Chart actions: save as PNG or SVG').click();
  await expect(chart.getByText('Save as PNG')).toBeVisible();
  const download = page.waitForEvent('download');
  await chart.getByText('Save as SVG').click();
  expect((await download).suggestedFilename()).toMatch(/\.svg$/);
});
