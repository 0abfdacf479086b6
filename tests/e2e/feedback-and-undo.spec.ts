/**
 * Two admin flows only a browser shows whole: Feedback & Support reaches the support outbox and
 * platform staff's list, where staff close it; deleting an uploaded month asks first, naming it,
 * and its Undo puts the month back in the list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('feedback reaches the support outbox and the staff list, where staff close it', async ({
  page,
  browser,
}) => {
  const words = `The Flipkart stock grid is empty since Monday (${Date.now()})`;
  await signIn(page);
  await page.goto('/workspace/stock/kpi');
  await page.locator('.ss-usermenu__trigger').click();
  await page.getByRole('menuitem', { name: 'Feedback & Support' }).click();
  await expect(page.getByRole('textbox', { name: 'Screen', exact: true })).toHaveValue(
    '/workspace/stock/kpi',
  );
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fill required values' })).toBeVisible();
  await page.getByLabel('How can we help?').fill(words);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you! Our support team will get back to you.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your requests' })).toContainText(words);

  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  const mailed = readdirSync(outbox).some((f) => readFileSync(path.join(outbox, f), 'utf8').includes(words));
  expect(mailed).toBe(true);

  const staff = await browser.newPage();
  await signIn(staff, 'staff@shelfscope.test');
  await staff.goto('/workspace/feedbackSupport/form');
  const row = staff.getByRole('region', { name: 'All requests' }).getByRole('row').filter({ hasText: words });
  await expect(row).toContainText('demo@shelfscope.test');
  let asked = '';
  staff.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await row.getByRole('button', { name: 'Close' }).click();
  await expect(staff.getByText('Request closed.')).toBeVisible();
  expect(asked).toBe('Close this request? Its sender sees it closed.');
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Your requests' }).getByRole('row').filter({ hasText: words }),
  ).toContainText('Closed');
  await staff.close();
});

test('deleting an uploaded month asks first, naming it, and Undo brings it back', async ({ page }) => {
  await signIn(page);
  const answer = await page.request.get('/api/v1/sales/data?start_date=2000-01-01&end_date=2100-01-01');
  const sku = ((await answer.json()) as { data: { rows: { sku_code: string }[] } }).data.rows[0]!.sku_code;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Channel Sales');
  sheet.addRow(['Channel', 'Sale Date', 'SKU Code', 'Units', 'Revenue']);
  sheet.addRow(['Flipkart', '2025-03-04', sku, 5, 500]);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')!.value;
  const loaded = await page.request.post('/api/v1/uploads/sales/channelsales/sales', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      file: { name: 'march.xlsx', mimeType: XLSX, buffer: Buffer.from(await workbook.xlsx.writeBuffer()) },
    },
  });
  expect(loaded.status()).toBe(200);

  await page.goto('/workspace/sales/channelsales');
  const panel = page.locator('.ss-widget--uploadPanel');
  const month = panel
    .locator('.ss-upload__slices tbody tr')
    .filter({ hasText: 'Flipkart' })
    .filter({ hasText: 'Mar 2025' });
  await expect(month).toHaveCount(1);
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await month.getByRole('button', { name: 'Delete Flipkart, Mar 2025' }).click();
  await expect(
    panel.getByRole('status').filter({ hasText: 'Deleted Flipkart, Mar 2025 (1 row).' }),
  ).toBeVisible();
  expect(question).toContain('Delete Channel Sales: Flipkart, Mar 2025 (1 row)?');
  await expect(month).toHaveCount(0);
  await panel.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Restored: Flipkart, Mar 2025')).toBeVisible();
  await expect(month).toHaveCount(1);

  // Leave the worker's server as found: uploads.spec.ts opens this panel expecting no uploads.
  const slice = encodeURIComponent(JSON.stringify({ channel_id: 4, sale_date: '2025-03' }));
  const removed = await page.request.delete(
    `/api/v1/uploads/sales/channelsales/sales/slices?slice=${slice}`,
    {
      headers: { 'x-csrf-token': csrf },
    },
  );
  expect(removed.status()).toBe(200);
});
