/**
 * The spec's stock/promotions/stats in real Chromium: stock/kpi shows the stock-on-promotion
 * tiles next to the by-brand grid, each tile showing what the API answered, and the tiles are
 * the sums of the grid's brands (the availability from the summed in / out of stock); a tile's
 * 'View rows' opens stock/data on the observations it counts.
 */
import path from 'node:path';
import { expect, test, type APIResponse, type Response } from '@playwright/test';
import { formatTileValue, formatValue } from '../../src/shared/format/index.js';
import { kpiValue, settled } from './support/screen.js';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';

type Row = Record<string, number | string>;
const COUNTS = ['promo_observations', 'promo_in_stock', 'promo_out_of_stock', 'promo_delisted'];
const TILES: [string, string, string][] = [
  ['On Promo: Availability %', 'promo_availability_pct', 'percent'],
  ['Promo Observations', 'promo_observations', 'short'],
  ['On Promo: In Stock', 'promo_in_stock', 'short'],
  ['On Promo: Out Of Stock', 'promo_out_of_stock', 'short'],
  ['On Promo: Delisted', 'promo_delisted', 'short'],
];

const rowsOf = async (response: Response | APIResponse) =>
  ((await response.json()) as { data: { rows: Row[]; total?: number } }).data;

test('stock/kpi: the stock-on-promotion tiles show and are the by-brand grid sums', async ({ page }) => {
  await signIn(page);
  const stats = page.waitForResponse((r) => r.url().includes('/api/v1/stock/promotions/stats?'));
  const brands = page.waitForResponse((r) => r.url().includes('/api/v1/stock/promotions/brands?'));
  await page.goto('/workspace/stock/kpi');
  const [tiles] = (await rowsOf(await stats)).rows;
  const firstPage = await brands;
  const grid = await rowsOf(firstPage);
  await settled(page);

  // The API's numbers: tiles are the sums over every brand (the grid's pages, read in one go with
  // the page's own filters), the availability from the summed counts.
  const everyBrand = new URL(firstPage.url());
  everyBrand.searchParams.set('offset', '0');
  everyBrand.searchParams.set('limit', '500');
  const all = await rowsOf(await page.request.get(everyBrand.toString()));
  expect(all.rows.length).toBe(grid.total);
  expect(all.rows.length).toBeGreaterThan(1);
  for (const c of COUNTS) expect(tiles![c], c).toBe(all.rows.reduce((s, b) => s + Number(b[c]), 0));
  const inStock = Number(tiles!.promo_in_stock);
  const out = Number(tiles!.promo_out_of_stock);
  expect(inStock).toBeGreaterThan(0);
  expect(out).toBeGreaterThan(0);
  expect(Number(tiles!.promo_availability_pct)).toBeCloseTo((inStock / (inStock + out)) * 100, 6);

  // What the user sees: each tile shows its number, the grid one row per brand with its counts.
  const widget = page.locator('.ss-widget--grid').filter({ hasText: 'Stock on promotion by brand' });
  for (const [label, measure, format] of TILES)
    await expect(kpiValue(page, label)).toHaveText(formatTileValue(tiles![measure], format).text);
  const lines = widget.locator('tbody tr');
  await expect(lines).toHaveCount(grid.rows.length);
  const first = grid.rows[0]!;
  await expect(lines.first()).toContainText(String(first.brand_name));
  await expect(lines.first()).toContainText(formatValue(first.promo_observations, 'short'));
  await widget.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(E2E_DATA_DIR, 'stock-kpi-promotions.png'), fullPage: true });

  // 'View rows' under a promotion tile, then its own drill ("Open in Data"): stock/data with the
  // tile's filters, and the drilled grid counts what the tile counts (its out-of-stock
  // observations summed over every row).
  const drilled = page.waitForResponse((r) => r.url().includes('/api/v1/stock/data?'));
  await page.getByRole('button', { name: 'View rows behind On Promo: Out Of Stock' }).click();
  await page
    .getByRole('region', { name: 'Rows behind On Promo: Out Of Stock' })
    .getByRole('link', { name: /^Open in Data/ })
    .click();
  await expect(page).toHaveURL(/\/workspace\/stock\/data\?.*on_promo=%5B1%5D/);
  await expect(page).toHaveURL(/observed_status=%5B0%5D/);
  await expect(page.getByRole('button', { name: 'Remove Promotion On Promo' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Remove Observed status Observed Out Of Stock' }),
  ).toBeVisible();
  const rowsPage = await drilled;
  const shown = await rowsOf(rowsPage);
  expect(shown.total).toBeGreaterThan(0);
  const every: Row[] = [];
  const url = new URL(rowsPage.url());
  url.searchParams.set('limit', '500');
  while (every.length < shown.total!) {
    url.searchParams.set('offset', String(every.length));
    const more = (await rowsOf(await page.request.get(url.toString()))).rows;
    expect(more.length).toBeGreaterThan(0);
    every.push(...more);
  }
  expect(every).toHaveLength(shown.total!);
  const sum = (field: string) => every.reduce((s, r) => s + Number(r[field]), 0);
  expect(sum('out_of_stock')).toBe(Number(tiles!.promo_out_of_stock));
  // Only the observations the tile counts: none in stock or delisted.
  expect(sum('in_stock')).toBe(0);
  expect(sum('delisted')).toBe(0);
  await expect(page.getByTestId('tab-count')).toHaveText(`${shown.rows.length}/${shown.total}`);
  await expect(page.locator('.ss-widget--grid tbody tr')).toHaveCount(shown.rows.length);
});
