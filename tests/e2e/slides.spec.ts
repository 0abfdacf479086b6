/**
 * Custom slide views (paxviz) in real Chromium: a user builds a two-widget slide from two other
 * screens' widgets (stock KPI tiles and the advertising trend chart), saves it, exports it as PDF,
 * shares it read-only and opens the link in a frame of another site (docs/slides.md).
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signIn } from './support/signIn.js';
import { settled } from './support/screen.js';

/** Another site: a small server of the test's own on 127.0.0.1 (the app is on localhost). */
let otherSite: Server;
let otherSiteUrl: string;
let hostPage = '';

test.beforeAll(async () => {
  otherSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(hostPage);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherSiteUrl = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => otherSite.close(resolve));
});

test('builds a two-widget slide, saves it, exports a PDF, shares it and opens it in a cross-site frame', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/workspace/customscreen/slide');
  await page.getByRole('button', { name: 'New slide view' }).click();
  await page.getByLabel('Slide view name').fill('Shelf and ads');
  await page.getByLabel('Slide title').fill('Availability next to ad spend');

  await page.getByLabel('Screen', { exact: true }).selectOption('stock/kpi');
  await page.getByLabel('Widget', { exact: true }).selectOption('tiles');
  await expect(page.locator('.ss-slidepick__widget .ss-kpi').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add to slide' }).click();
  await page.getByLabel('Screen', { exact: true }).selectOption('advertising/kpi');
  await page.getByLabel('Widget', { exact: true }).selectOption('trendChart');
  await page.getByRole('button', { name: 'Add to slide' }).click();
  await expect(page.locator('.ss-slidecompose__widgets li')).toHaveCount(2);
  await page.getByRole('button', { name: 'Save slide view' }).click();
  await expect(page.getByText('Slide view saved')).toBeVisible();

  await page.getByRole('button', { name: /Shelf and ads/ }).click();
  const slide = page.locator('.ss-deck .ss-slide').first();
  await expect(slide.locator('[data-slide-widget]')).toHaveCount(2);
  await settled(page);
  await expect(slide.locator('.ss-kpi__value').first()).toHaveText(/\d/);
  await expect(slide.locator('.ss-widget--chart svg, .ss-widget--chart canvas').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/slides-deck.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = readFileSync(await (await download).path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(20_000);

  // The deck's own Share (a deck link), not the screen header's.
  await page.locator('.ss-deck').getByRole('button', { name: 'Share', exact: true }).click();
  const url = await page.getByLabel('Share link').inputValue();
  expect(url).toMatch(/\/workspace\/paxviz\/slides\?token=/);

  // A fresh browser context: the frame has no cookie session of its own.
  const viewer = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1280, height: 900 } });
  const host = await viewer.newPage();
  hostPage = `<!doctype html><html><body style="margin:0"><iframe id="deck" src="${url}" width="1260" height="880"></iframe></body></html>`;
  await host.goto(otherSiteUrl);
  const frame = host.frameLocator('#deck');
  const framed = frame.locator('.ss-slide').first();
  await expect(framed.locator('[data-slide-widget]')).toHaveCount(2, { timeout: 30_000 });
  await expect(framed.locator('.ss-kpi__value').first()).toHaveText(/\d/, { timeout: 20_000 });
  await expect(framed.locator('.ss-widget--chart svg, .ss-widget--chart canvas').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(frame.locator('.ss-sidebar')).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Present' })).toBeVisible();
  await host.screenshot({ path: 'test-results/slides-framed.png' });
  await viewer.close();
  expect(errors).toEqual([]);
});
