/**
 * A report mailer to a group tag (search_group_tags style) with a
 * weekly timing from the timing builder. Saved, the grid shows the tag readably; the dry run names
 * the group's active users (expanded at send time, nothing sent); Edit reopens in Weekly mode with
 * the chosen days and time and the tag's label.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';

test('mailer form: a group tag and a weekly timing, dry run lists the group, edit reopens Weekly', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page);
  await page.goto('/workspace/report/reportmailer');
  await page.getByRole('button', { name: 'Add Mailer' }).click();
  const form = page.getByRole('dialog');
  const name = `Group weekly ${Date.now() % 100000}`;
  await form.locator('#root_name').fill(name);

  // Recipients: the group found by part of its name, shown as 'Group: Demo Brands (n)'.
  const recipients = form.locator('#root_recipients');
  await recipients.fill('demo b');
  const groupOption = page.getByRole('option', { name: /^Group: Demo Brands \(\d+\)$/ });
  await expect(groupOption).toHaveCount(1);
  const label = (await groupOption.innerText()).trim();
  const members = Number(/\((\d+)\)$/.exec(label)![1]);
  expect(members).toBeGreaterThan(1);
  await groupOption.click();
  await recipients.fill('rival');
  await expect(page.getByRole('option', { name: /Rival Foods/ })).toHaveCount(0);
  await recipients.fill('');

  // Timing: Weekly (the default mode) on Tuesday and Thursday at 07:15.
  const mode = form.locator('#root_cron');
  await expect(mode).toHaveValue('weekly');
  const days = form.getByRole('group', { name: 'Weekdays' });
  await days.getByRole('checkbox', { name: 'Mon' }).uncheck();
  await expect(form.getByRole('alert')).toHaveText('Choose at least one weekday');
  await days.getByRole('checkbox', { name: 'Tue' }).check();
  await days.getByRole('checkbox', { name: 'Thu' }).check();
  await form.getByLabel('Send time', { exact: true }).fill('07:15');
  await expect(form.getByText('Cron: 15 7 * * 2,4')).toBeVisible();
  const preview = form.getByRole('status', { name: 'Next send times' });
  await expect(preview).toContainText('every Tuesday and Thursday 07:15 Asia/Kolkata, next: ');
  for (const at of await preview.getByRole('listitem').allInnerTexts()) expect(at).toMatch(/ 07:15$/);
  await page.screenshot({ path: 'test-results/reportmailer-group-weekly-form.png', fullPage: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(label);
  await expect(row).toContainText('every Tuesday and Thursday 07:15 Asia/Kolkata');

  // Dry run: the group's users, expanded now; nothing is sent.
  await row.getByRole('button', { name: 'Dry Run' }).click();
  const toast = page.getByText(/^Dry run: .* would go to .*Nothing was sent\.$/);
  await expect(toast).toBeVisible({ timeout: 60_000 });
  const text = await toast.innerText();
  const addresses = /would go to (.*)\. Nothing was sent\.$/.exec(text)![1]!.split(', ');
  expect(addresses).toHaveLength(members);
  expect(addresses).toEqual(expect.arrayContaining(['demo@shelfscope.test', 'analyst@shelfscope.test']));
  expect(addresses).not.toContain('rival@shelfscope.test');
  await page.screenshot({ path: 'test-results/reportmailer-group-dryrun.png', fullPage: true });

  // Edit reopens in Weekly mode with the days, the time and the tag's label.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.locator('#root_cron')).toHaveValue('weekly');
  const editDays = edit.getByRole('group', { name: 'Weekdays' });
  for (const [day, on] of [
    ['Mon', false],
    ['Tue', true],
    ['Wed', false],
    ['Thu', true],
  ] as const)
    if (on) await expect(editDays.getByRole('checkbox', { name: day })).toBeChecked();
    else await expect(editDays.getByRole('checkbox', { name: day })).not.toBeChecked();
  await expect(edit.getByLabel('Send time', { exact: true })).toHaveValue('07:15');
  await expect(edit.getByText(label)).toBeVisible();
  await page.screenshot({ path: 'test-results/reportmailer-group-edit.png', fullPage: true });
});
