import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { kpiValue, settled } from './support/screen.js';

const CHANGE = /^[▲▼■] \d+\.\d pts vs previous (7 days|day)$/;

test('share of search tiles show the change from the previous period, over keywords in both', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/workspace/visibility/kpi');
  await settled(page);
  // Organic, sponsored and combined: share, position-weighted and volume-weighted each (in points;
  // the count tiles beside them show their previous period in %).
  const changes = page.locator('.ss-widget--kpiTiles .ss-kpi__change', { hasText: ' pts ' });
  await expect(changes).toHaveCount(9);
  for (const text of await changes.allInnerTexts()) expect(text.replace(/\s+/g, ' ').trim()).toMatch(CHANGE);
  await expect(changes.first()).toContainText('vs previous 7 days');

  // The demo tenant added keywords to tracking five days ago: the change leaves them out.
  const combined = page.locator('.ss-widget--kpiTiles').nth(2);
  const keywords = Number((await kpiValue(page, 'Keywords').innerText()).replace(/,/g, ''));
  const tile = combined
    .locator('.ss-kpi', { has: page.locator('.ss-kpi__change', { hasText: ' pts ' }) })
    .first();
  await tile.hover();
  const definition = tile.getByRole('tooltip');
  await expect(definition).toBeVisible();
  await expect(definition).toContainText(/keywords present in both periods: \d+(\.\d)?% then \d+(\.\d)?%\.$/);
  const common = Number(
    /over the ([\d,]+) keywords/.exec(await definition.innerText())![1]!.replace(/,/g, ''),
  );
  expect(common).toBeGreaterThan(0);
  expect(common).toBeLessThan(keywords);

  await page.getByLabel('Date range').selectOption({ label: 'Today' });
  await settled(page);
  await expect(changes.first()).toContainText('vs previous day');
  for (const text of await changes.allInnerTexts()) expect(text.replace(/\s+/g, ' ').trim()).toMatch(CHANGE);
});
