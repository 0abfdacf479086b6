/**
 * Client logs (docs/admin.md: "Client logs show the audit trail with filters (user,
 * group, action, date)"): an edit just made in client/clients is found in client/clientlogs with
 * every filter set, and a filter that excludes it hides it.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { pickOption, settled } from './support/screen.js';

const LONG = { timeout: 30_000 };
const USER = 'demo@shelfscope.test';

/** The text of one column over every row of the grid. */
async function column(grid: Locator, header: string): Promise<string[]> {
  const headers = await grid.locator('thead th').allTextContents();
  // Sortable headers carry a sort glyph (↕ ▲ ▼) after their name.
  const index = headers.findIndex((h) => h.replace(/[↕▲▼↑↓]/g, '').trim() === header);
  expect(index, `column ${header} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  return grid
    .locator('tbody tr')
    .evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent?.trim() ?? ''), index);
}

async function editComments(page: Page, group: string, text: string): Promise<void> {
  await page.goto('/workspace/client/clients');
  await settled(page);
  await pickOption(page, 'Groups', group);
  const grid = page.getByRole('region', { name: 'Clients' });
  const row = grid.getByRole('row').filter({ hasText: group });
  await expect(row).toHaveCount(1, LONG);
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Account' });
  await expect(page.locator('#root_group_name')).toHaveValue(group, LONG);
  await page.locator('#root_comments').fill(text);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0, LONG);
}

test('client logs: an edit just made in Clients is found with the user, group, action and date filters', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page);
  const stamp = Date.now().toString(36);
  // The demo admin's own group (the demo gives it every field the Edit form requires): groups are
  // platform staff's to create.
  const GROUP = 'Demo Brands';
  const note = `Audit check ${stamp}`;
  await editComments(page, GROUP, note);
  // A platform-wide action the group admin is refused: audited in their group (docs/principals.md).
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')!.value;
  const refused = await page.request.put('/api/v1/channelprofile/politeness', {
    headers: { 'x-csrf-token': csrf },
    data: { channel_id: 61, concurrency: 4, requests_per_second: 5 },
  });
  expect(refused.status()).toBe(403);

  await page.goto('/workspace/client/clientlogs');
  const grid = page.getByRole('region', { name: 'Audit Trail' });
  await expect(grid.locator('tbody tr').first()).toBeVisible(LONG);
  await settled(page);
  await pickOption(page, 'User', USER);
  await pickOption(page, 'Group', GROUP);
  await pickOption(page, 'Action', 'group.edited');
  await page.getByLabel('Date range').selectOption({ label: 'Last 7 Days' });
  const selected = page.getByLabel('Selected filters');
  await expect(selected).toContainText(USER, LONG);
  await expect(selected).toContainText(GROUP);
  await expect(selected).toContainText('group.edited');

  // The edit is there, with its change; every row left matches every filter.
  const entry = grid.locator('tbody tr').filter({ hasText: note });
  await expect(entry).toHaveCount(1, LONG);
  await expect(entry).toContainText(`comments:`);
  await settled(page);
  expect(new Set(await column(grid, 'User'))).toEqual(new Set([USER]));
  expect(new Set(await column(grid, 'Group'))).toEqual(new Set([GROUP]));
  expect(new Set(await column(grid, 'Action'))).toEqual(new Set(['group.edited']));
  const today = new Date();
  const weekAgo = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 6);
  for (const date of await column(grid, 'Date')) {
    // DD-MMM-YYYY HH:mm:ss A as the spec words it: a 24-hour clock with AM/PM after it ('13:12:17 PM'),
    // which Date.parse refuses, so the meridiem is dropped (the hour already says it).
    const parsed = Date.parse(date.replace(/^(\d\d)-(\w{3})-(\d{4})/, '$2 $1, $3').replace(/ [AP]M$/, ''));
    expect(parsed, date).toBeGreaterThanOrEqual(weekAgo - 86_400_000);
  }
  await page.screenshot({ path: 'test-results/client-logs-filtered.png' });

  // Another action excludes it: the refused politeness shows, the edit does not.
  await pickOption(page, 'Action', 'channelProfile.refused');
  await expect(selected).toContainText('channelProfile.refused', LONG);
  await expect(entry).toHaveCount(0, LONG);
  await expect(grid.locator('tbody tr').first()).toContainText('channelProfile.refused', LONG);
});
