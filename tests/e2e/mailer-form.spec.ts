/**
 * The report-mailer form while it is filled in: the timing preview
 * (in words, and the next send times) follows the timing builder (or a custom cron) and the time
 * zone as they change, and recipients are tags found by searching the group's users (search_user_tags style) or typed.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';

test('mailer form: the timing preview follows cron and zone; recipients by tag search', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page);
  await page.goto('/workspace/report/reportmailer');
  await page.getByRole('button', { name: 'Add Mailer' }).click();
  const form = page.getByRole('dialog');
  const preview = form.getByRole('status', { name: 'Next send times' });

  // An empty save: each field says what is missing in plain words, once; SFTP asks for a host.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Mailer Name is a required attribute.')).toHaveCount(1);
  await expect(form.getByText('Recipients can not be empty')).toHaveCount(1);
  await expect(form).not.toContainText(/must have|must match|required property/);
  await form.locator('#root_distribution').selectOption('SFTP');
  await expect(form.locator('#root_target_host')).toBeVisible();
  await expect(form.locator('#root_recipients')).toHaveCount(0);
  await form.locator('#root_distribution').selectOption('E-mail');
  await expect(form.getByRole('button', { name: 'Add Filter' })).toBeVisible();

  // The default timing, then a change of each timing field.
  await expect(preview).toContainText(/every Monday 09:00 Asia\/Kolkata, next: \d\d-\w{3}-\d{4} 09:00/, {
    timeout: 30_000,
  });
  await expect(preview.getByRole('listitem')).toHaveCount(5);
  // Daily at 08:30 from the builder, then the zone, then a custom cron (the server's refusal shows).
  await form.locator('#root_cron').selectOption('daily');
  await form.getByLabel('Send time', { exact: true }).fill('08:30');
  await expect(preview).toContainText('every day 08:30 Asia/Kolkata, next: ');
  await expect(preview.getByRole('listitem').first()).toHaveText(/^\d\d-\w{3}-\d{4} 08:30$/);
  // The time zone is picked from the IANA list (searchable), not typed free.
  await form.locator('#root_timeZone').fill('UTC');
  await page.getByRole('option', { name: 'UTC', exact: true }).click();
  await expect(preview).toContainText('every day 08:30 UTC, next: ');
  await form.locator('#root_cron').selectOption('custom');
  const expression = form.getByLabel('Cron expression', { exact: true });
  await expect(expression).toHaveValue('30 8 * * *');
  await expression.fill('61 8 * * *');
  await expect(preview).toHaveText('Invalid cron expression or time zone');
  await expression.fill('0 9 * * 1-5');
  await form.locator('#root_timeZone').fill('Asia/Kolkata');
  await page.getByRole('option', { name: 'Asia/Kolkata', exact: true }).click();
  await expect(preview).toContainText('every weekday 09:00 Asia/Kolkata, next: ');
  const days = await preview.getByRole('listitem').allInnerTexts();
  expect(days).toHaveLength(5);
  for (const d of days) expect(d).toMatch(/ 09:00$/);

  // Recipients: a user of the group found by a prefix, and an outside address typed in full.
  const recipients = form.locator('#root_recipients');
  await recipients.fill('ana');
  await page.getByRole('option', { name: 'analyst@shelfscope.test' }).click();
  await recipients.fill('riv');
  await expect(page.getByText('Add "riv"')).toBeVisible(); // no rival user is suggested
  await expect(page.getByRole('option', { name: 'rival@shelfscope.test' })).toHaveCount(0);
  await recipients.fill('buyer@example.com');
  await page.getByRole('option', { name: 'Add "buyer@example.com"' }).click();

  const name = `Tagged ${Date.now() % 100000}`;
  await form.locator('#root_name').fill(name);
  await page.screenshot({ path: 'test-results/reportmailer-form-preview.png', fullPage: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('analyst@shelfscope.test');
  await expect(row).toContainText('buyer@example.com');
  await expect(row).toContainText(/every weekday 09:00 Asia\/Kolkata/);
});
