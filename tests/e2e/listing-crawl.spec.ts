/**
 * The process monitor's Search (1) and Display (2) triggers in Chromium. The admin starts
 * a Search crawl of Amazon's result pages and a Display crawl of Zepto's category listings from
 * the Crawl tab; both runs show their trigger and reach Success in the Recent runs grid.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';

test('Search and Display crawls start from the Crawl tab and succeed', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/workspace/processmonitor/crawl');
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'Start a crawl' }) });
  const recent = page.locator('section', { has: page.getByRole('heading', { name: 'Recent runs' }) });
  for (const [channel, trigger] of [
    ['Amazon (web, HTML)', 'Search'],
    ['Zepto (app, JSON)', 'Display'],
  ] as const) {
    await form.getByLabel('Channel').selectOption({ label: channel });
    await form.getByLabel('Trigger').selectOption({ label: trigger });
    await form.getByRole('button', { name: 'Start Crawl' }).click();
    await expect(page.getByText('Crawl initiated: follow it on the Process Status tab.')).toBeVisible();
    const newest = recent.locator('table tbody tr').first();
    await expect(newest).toContainText(trigger);
    await expect(newest).toContainText('Success', { timeout: 120_000 });
  }
  await page.screenshot({ path: 'test-results/listing-crawl.png', fullPage: true });
});

interface Schema {
  id: number;
  name: string;
  crawl_type: number;
  schema_json: string;
}

/**
 * A Display crawl of a bestseller day reaches the Best Sellers screen: Zepto's answers read with a
 * schema that knows only the classic layout leave the redesigned lists out of the day (the grid
 * shrinks); put right, the day's next run fetches those pages again and the grid is whole again.
 */
test('the Best Sellers screen shows the bestseller day a Display crawl loaded', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page);
  const dates = (await (await page.request.get('/api/v1/info/getlastcrawltiming')).json()) as {
    data: { best_seller: string };
  };
  const day = dates.data.best_seller.slice(0, 10);
  const screen = `/workspace/sales/bestsellers?start_date=${day}&end_date=${day}`;
  const entries = async () => {
    await page.goto(screen);
    const count = page.getByTestId('tab-count');
    await expect(count).toHaveText(/^[\d,]+\/[\d,]+$/, { timeout: 30_000 });
    return Number((await count.textContent())!.split('/')[1]!.replace(/,/g, ''));
  };
  const whole = await entries();
  expect(whole).toBeGreaterThan(40);

  const schemas = (await (await page.request.get('/api/v1/modelschemas/list')).json()) as { data: Schema[] };
  const schema = schemas.data.find((s) => s.name === 'Bestseller answer (app)')!;
  const save = async (json: string) => {
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
    const answer = await page.request.put('/api/v1/modelschemas/update', {
      data: { id: schema.id, name: schema.name, crawl_type: schema.crawl_type, schema: json },
      headers: { 'x-csrf-token': csrf },
    });
    expect(answer.status()).toBe(200);
  };
  const displayCrawl = async (outcome: string) => {
    await page.goto('/workspace/processmonitor/crawl');
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Start a crawl' }) });
    await form.getByLabel('Channel').selectOption({ label: 'Zepto (app, JSON)' });
    await form.getByLabel('Trigger').selectOption({ label: 'Display' });
    await form.getByLabel('Crawl Date (empty: the last crawled day)').fill(day);
    await form.getByRole('button', { name: 'Start Crawl' }).click();
    await expect(page.getByText('Crawl initiated: follow it on the Process Status tab.')).toBeVisible();
    const newest = page
      .locator('section', { has: page.getByRole('heading', { name: 'Recent runs' }) })
      .locator('table tbody tr')
      .first();
    await expect(newest).toContainText('Display');
    await expect(newest).toContainText(outcome, { timeout: 120_000 });
  };

  const classic = JSON.parse(schema.schema_json) as { items: string };
  classic.items = '$.data.bestsellers.items[*]';
  await save(JSON.stringify(classic));
  await displayCrawl('Mismatch');
  const gappy = await entries();
  expect(gappy).toBeLessThan(whole);
  await page.screenshot({ path: 'test-results/bestsellers-gappy.png', fullPage: true });

  await save(schema.schema_json);
  await displayCrawl('Success');
  expect(await entries()).toBe(whole);
  await page.screenshot({ path: 'test-results/bestsellers-crawled.png', fullPage: true });
});
