/**
 * The user and role screens as config (docs/admin.md "As config") in Chromium: a user created
 * with a group -> role mapping from user/createuser (each message group once, the 'Group Role
 * Status' confirmations), activated through the mailed link and signed in; the users grid's edit
 * overlay; a role created, its activities edited, and a role in use refused on delete.
 */
import { expect, test, type Dialog, type Locator, type Page } from '@playwright/test';
import { latestLink } from '../support/mailLinks.js';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';

const input = (page: Page, field: string) => page.locator(`#root_${field}`);

/** Answers the next confirmation and hands back its text. */
function nextDialog(page: Page, accept = true): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog: Dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

/** Overlay mode 3: search and pick a group, pick one of its roles, Add. */
async function pickMapping(scope: Page | Locator, group: string, role: string) {
  await scope.getByLabel('Search Group').fill(group.slice(0, 4));
  await scope.getByLabel('Group', { exact: true }).selectOption({ label: group });
  const roleSelect = scope.getByLabel('Role', { exact: true });
  await expect(roleSelect.locator('option', { hasText: role })).toHaveCount(1);
  await roleSelect.selectOption({ label: role });
  await scope.getByRole('button', { name: 'Add', exact: true }).click();
}

test('create user with a group -> role mapping, the messages, activation link, sign-in; edit overlay', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page);
  await page.goto('/workspace/user/createuser');
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  await submit.click();
  for (const message of [
    'First Name is a required attribute.',
    'User Name must be valid e-mail id.',
    'Please map a group with role before submitting',
  ])
    await expect(page.getByText(message, { exact: true }).first()).toBeVisible();

  await pickMapping(page, 'Demo Brands', 'Analyst');
  const list = page.locator('.ss-pairlist__list');
  await expect(list.getByRole('row').filter({ hasText: 'Demo Brands' })).toHaveCount(1);
  await pickMapping(page, 'Demo Brands', 'Admin');
  await expect(page.getByText('Group is already mapped with a role', { exact: true })).toBeVisible();

  // The 'Group Role Status' confirmations: deactivate, activate, delete (cancelled here).
  const toggle = page.getByRole('switch', { name: 'Demo Brands active' });
  let question = nextDialog(page);
  await toggle.click();
  expect(await question).toBe(
    'Group Role Status\n\nAre you sure you want to deactivate the Demo Brands Group Role? After confirm please click on save button.',
  );
  await expect(toggle).toHaveText('Inactive');
  question = nextDialog(page);
  await toggle.click();
  expect(await question).toContain('activate the Demo Brands Group Role?');
  await expect(toggle).toHaveText('Active');
  question = nextDialog(page, false);
  await list.getByRole('button', { name: 'Delete' }).click();
  expect(await question).toBe(
    'Group Role Status\n\nAre you sure you want to delete the Demo Brands Group Role? After confirm please click on save button.',
  );
  await expect(list.getByRole('row').filter({ hasText: 'Demo Brands' })).toHaveCount(1);

  const name = `e2e.user.${Date.now()}@acme.test`;
  await input(page, 'first_name').fill('Esme');
  await input(page, 'last_name').fill('Endtoend');
  await input(page, 'user_name').fill('esme-at-acme');
  await submit.click();
  await expect(page.getByText('User Name must be valid e-mail id.', { exact: true }).first()).toBeVisible();
  await input(page, 'user_name').fill(name);
  await page.screenshot({ path: 'test-results/createuser-filled.png', fullPage: true });
  await submit.click();
  await expect(page.getByRole('status')).toHaveText('Success');
  await page.screenshot({ path: 'test-results/createuser-success.png', fullPage: true });

  // The edit overlay: user name locked, a second active role of a group refused, role change asked.
  await page.goto('/workspace/user/users');
  const grid = page.getByRole('region', { name: 'Users' });
  const row = grid.getByRole('row').filter({ hasText: name });
  // The group has more users than a page: the new one may be on the next (no Users search yet).
  const showRow = async () => {
    await expect(grid.locator('tbody tr').first()).toBeVisible();
    for (let more = 0; (await row.count()) === 0 && more < 5; more++) {
      const shown = await grid.locator('tbody tr').count();
      await page.getByRole('button', { name: 'Show More' }).click();
      await expect(grid.locator('tbody tr')).not.toHaveCount(shown);
    }
  };
  await showRow();
  await expect(row).toContainText('Demo Brands (Analyst)');
  await expect(row).toContainText('Pending activation');
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(input(page, 'user_name')).toHaveValue(name);
  await expect(input(page, 'user_name')).toHaveAttribute('readonly', '');
  await pickMapping(dialog, 'Demo Brands', 'Admin');
  await expect(
    dialog.getByText('Group is already mapped with an active role', { exact: true }),
  ).toBeVisible();
  question = nextDialog(page);
  await dialog.getByLabel('Role of Demo Brands').selectOption({ label: 'Admin' });
  expect(await question).toBe(
    'Group Role Status\n\nAre you sure you want to update Group Role? After confirm please click on save button.',
  );
  await page.screenshot({ path: 'test-results/users-edit-overlay.png', fullPage: true });
  question = nextDialog(page);
  await dialog.getByLabel('Role of Demo Brands').selectOption({ label: 'Analyst' });
  await question;
  await input(page, 'last_name').fill('Edited');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  // The grid reloads after the save, back to its first page: show the row again once it has.
  await expect(async () => {
    await showRow();
    await expect(row).toContainText('Edited', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(grid.getByRole('status').or(page.getByRole('status')).first()).toContainText('Success');
  await page.screenshot({ path: 'test-results/users-grid.png', fullPage: true });

  // The activation link from the outbox: set a password, then sign in as the new user.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const newcomer = await other.newPage();
  await newcomer.setViewportSize({ width: 1280, height: 900 });
  await newcomer.goto(latestLink(E2E_DATA_DIR, name, '/public/verifyuser'));
  await expect(newcomer.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await newcomer.getByLabel('New Password').fill('Start@2026');
  await newcomer.getByLabel('Confirm Password').fill('Start@2026');
  await newcomer.getByRole('button', { name: 'Set Password' }).click();
  await expect(newcomer.getByText('Password Updated Successfully!!')).toBeVisible();
  await signIn(newcomer, name, 'Start@2026');
  await newcomer.goto('/workspace');
  await newcomer.getByLabel('I have Read License-Agreement').check();
  await newcomer.getByRole('button', { name: 'I AGREE' }).click();
  await expect(newcomer.getByRole('link', { name: 'Stock' }).first()).toBeVisible();
  await expect(newcomer.getByRole('link', { name: 'User', exact: true })).toHaveCount(0);
  await newcomer.screenshot({ path: 'test-results/new-user-workspace.png' });
  await other.close();
});

test('roles: create with the messages, edit activities in the overlay, a role in use is not deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await signIn(page);
  await page.goto('/workspace/role/createrole');
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  await submit.click();
  for (const message of [
    'Please Select Group',
    'Role Name is a required attribute.',
    'Please Select At Least One Activity',
  ])
    await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
  const roleName = `E2E Buyer ${Date.now()}`;
  await input(page, 'group_id').selectOption({ label: 'Demo Brands' });
  await input(page, 'name').fill(roleName);
  await input(page, 'description').fill('Buys shelf space');
  const checklist = page.locator('.ss-checklist');
  await checklist.getByLabel('Search activities').fill('stock/');
  await checklist.getByRole('checkbox').first().check();
  await expect(checklist).toContainText('1 of');
  await page.screenshot({ path: 'test-results/createrole-filled.png', fullPage: true });
  await submit.click();
  await expect(page.getByRole('status')).toHaveText('Role Created Successfully');
  await expect(input(page, 'name')).toHaveValue(''); // the form resets

  await page.goto('/workspace/role/roles');
  const grid = page.getByRole('region', { name: 'Roles' });
  const row = grid.getByRole('row').filter({ hasText: roleName });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Role' });
  const boxes = dialog.locator('.ss-checklist');
  await expect(boxes).toContainText('1 of'); // pre-checked with the role's activity
  await boxes.getByLabel('Search activities').fill('price/');
  await boxes.getByRole('checkbox').first().check();
  await expect(boxes).toContainText('2 of');
  await page.screenshot({ path: 'test-results/roles-edit-overlay.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Role Updated Successfully')).toBeVisible();

  // The Analyst role is held by the demo analyst: deleting it is refused, the row stays.
  const analyst = grid
    .getByRole('row')
    .filter({ hasText: 'Analyst' })
    .filter({ hasText: 'Demo Brands' })
    .first();
  const question = nextDialog(page);
  await analyst.getByRole('button', { name: 'Delete' }).click();
  expect(await question).toContain('Are you sure you want to delete the Analyst role?');
  await expect(page.getByText('This role is mapped to users and can not be deleted.')).toBeVisible();
  await expect(analyst).toBeVisible();
  // An unused role goes.
  const mine = grid.getByRole('row').filter({ hasText: roleName });
  void nextDialog(page);
  await mine.getByRole('button', { name: 'Delete' }).click();
  await expect(mine).toHaveCount(0);
  await page.screenshot({ path: 'test-results/roles-grid.png', fullPage: true });
});
