/**
 * The admin side's writes in Chromium, on the generic mutate/verify routes: creating a group
 * from client/createaccount (the spec's messages on blur and on submit), and who sees the area.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { fillAccount } from './support/accountForm.js';
import { STAFF_USER } from './support/staff.js';

const input = (page: Page, field: string) => page.locator(`#root_${field}`);

test('create account (platform staff): required messages, taken name on blur, bad e-mail, then the group is created', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 1100 });
  await signIn(page, STAFF_USER);
  await page.goto('/workspace/client/createaccount');
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await create.click();
  for (const message of [
    'Group Name is a required attribute.',
    'End Date can not be empty',
    'Channel can not be empty',
    'Crawling Type can not be empty',
    'You have to enter valid email',
    'Account Requested By is a required attribute.',
    'Account Manager Name is a required attribute.',
    'Associate 1 Name is a required attribute.',
    'Task Id is a required attribute.',
  ])
    await expect(page.getByText(message, { exact: true }).first()).toBeVisible();

  await fillAccount(page, ' demo BRANDS');
  await input(page, 'account_manager_name').focus(); // leaves Group Name: the verify route answers
  await expect(page.getByText('Group Name already exists.').first()).toBeVisible();
  await input(page, 'notify_to_email').fill('alerts@acme');
  await input(page, 'group_name').fill('Acme Foods E2E');
  await input(page, 'account_manager_name').focus();
  await expect(page.getByText('Group Name already exists.')).toHaveCount(0);
  await create.click();
  await expect(page.getByText('You have to enter valid email').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/createaccount-errors.png', fullPage: true });

  await input(page, 'notify_to_email').fill('alerts@acme.test');
  await create.click();
  await expect(page.getByRole('status')).toHaveText('Account Created Successfully');
  await page.screenshot({ path: 'test-results/createaccount-created.png', fullPage: true });
  // The new tenant is the creator's: staff are its first Admin (Platform Settings lists their groups).
  const users = (await (await page.request.get('/api/v1/platform/staff/users?limit=500')).json()) as {
    data: { rows: { user_name: string; groups: string }[] };
  };
  expect(users.data.rows.find((u) => u.user_name === STAFF_USER)?.groups).toContain('Acme Foods E2E');
});

test('the analyst has no admin activities: no Client area, and the screen is refused', async ({ page }) => {
  await signIn(page, 'analyst@shelfscope.test');
  await page.goto('/workspace');
  // The analyst's first visit asks for the agreement (admin-sidebar-tour.spec.ts may have accepted it).
  const agree = page.getByLabel('I have Read License-Agreement');
  await expect(agree.or(page.getByRole('navigation', { name: 'Areas' }))).toBeVisible();
  if (await agree.isVisible()) {
    await agree.check();
    await page.getByRole('button', { name: 'I AGREE' }).click();
  }
  await expect(page.getByRole('link', { name: 'Stock' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Client', exact: true })).toHaveCount(0);
  const res = await page.request.get('/api/v1/config/screen', {
    params: { area: 'client', screen: 'createaccount' },
  });
  expect(res.status()).toBe(403);
  expect((await page.request.get('/api/v1/rows/client/clients/group')).status()).toBe(403);
});

test('client/clients: the groups from the store, a status toggle after its confirmation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/workspace/client/clients');
  const grid = page.getByRole('region', { name: 'Clients' });
  const row = grid.getByRole('row').filter({ hasText: 'Demo Brands' });
  await expect(row).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Rival Foods' })).toHaveCount(0); // not the admin's group
  const status = row.getByRole('cell').nth(1);
  const before = (await status.textContent())?.trim();
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await row.getByRole('button', { name: 'Change Status' }).click();
  await expect(status).toHaveText(before === 'Active' ? 'In-Active' : 'Active');
  expect(question).toContain('Are you sure you want to change the status of the Demo Brands Group?');
  await page.screenshot({ path: 'test-results/clients-toggled.png', fullPage: true });
  // Put it back so the demo group stays switched on for the other tests.
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Change Status' }).click();
  await expect(status).toHaveText(before ?? 'Active');
});

test('client/clients: an edit of a row changed since it was opened shows the stale-edit message', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page);
  await page.goto('/workspace/client/clients');
  await page.getByRole('button', { name: 'Edit' }).first().click();
  const dialog = page.getByRole('dialog');
  // The notes, not the end date: a group's subscription is platform staff's (platformBoundaries.test.ts).
  await dialog.locator('#root_comments').fill('Renewal call booked');
  // Someone else writes the row meanwhile: two toggles leave the status as it was, not the token.
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')!.value;
  for (let i = 0; i < 2; i++) {
    const read = (await (await page.request.get('/api/v1/rows/client/clients/group')).json()) as {
      data: { rows: { id: number; group_name: string; updated_at: string }[] };
    };
    const row = read.data.rows.find((r) => r.group_name === 'Demo Brands')!;
    const res = await page.request.post('/api/v1/mutate/client/clients/status', {
      data: { id: row.id, updated_at: row.updated_at },
      headers: { 'x-csrf-token': csrf },
    });
    expect(res.status()).toBe(200);
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('This record was changed by someone else. Reload it and try again.'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/clients-stale-edit.png', fullPage: true });
});
