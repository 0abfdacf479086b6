/**
 * The report mailer as an admin runs it, in Chromium: the filter builder offers the chosen
 * report's own filters (Stock status, with its values), a Run Now shows its delivery steps as
 * toasts pushed over the socket (built, then delivered or failed), and ticked mailers are set In-Active at once, after one
 * confirmation.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';

test('report mailer: report filters, run progress toasts, bulk status', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page);
  await page.goto('/workspace/report/reportmailer');
  await page.getByRole('button', { name: 'Add Mailer' }).click();
  const form = page.getByRole('dialog');

  // The Stock report's own filters by label; Stock status offers its values to tick.
  const filter = form.getByRole('combobox', { name: 'Filter', exact: true });
  await expect(filter.locator('option', { hasText: 'Stock status' })).toHaveCount(1, { timeout: 30_000 });
  await filter.selectOption({ label: 'Stock status' });
  await form.getByRole('button', { name: 'Add Filter' }).click();
  const values = form.getByRole('group', { name: 'Stock status values' });
  await values.getByLabel('In Stock').check();
  await values.getByLabel('Delisted').check();
  await expect(filter.locator('option', { hasText: 'Stock status' })).toHaveCount(0);

  const name = `Ops ${Date.now() % 100000}`;
  await form.locator('#root_name').fill(name);
  const recipients = form.locator('#root_recipients');
  await recipients.fill('buyer@example.com');
  await page.getByRole('option', { name: 'Add "buyer@example.com"' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  const saved = await page.request.get('/api/v1/report-mailers/rows?limit=100');
  const mine = (
    (await saved.json()) as { data: { rows: { name: string; filters: unknown }[] } }
  ).data.rows.find((r) => r.name === name);
  expect(mine?.filters).toEqual({ stock_status: '1,2' });

  // Run Now: the steps pushed to this user's socket show as toasts, up to the delivery.
  const row = page.getByRole('row').filter({ hasText: name });
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Run Now' }).click();
  // (The e2e server has no SMTP: the build step, Report Manager Success, is the one awaited.)
  await expect(page.getByText(`${name}: Report Manager Success`)).toBeVisible({ timeout: 120_000 });

  // Tick it and set it In-Active, after one confirmation naming the count.
  await row.locator('input[type="checkbox"]').check();
  const bar = page.getByRole('toolbar', { name: 'Actions on ticked rows' });
  await expect(bar).toContainText('1 selected');
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await bar.getByRole('button', { name: 'Set In-Active' }).click();
  await expect(row).toContainText('In-Active', { timeout: 30_000 });
  expect(asked).toContain('Are you sure you want to set 1 report mailers In-Active?');
  await page.screenshot({ path: 'test-results/mailer-admin-ops.png', fullPage: true });
});
