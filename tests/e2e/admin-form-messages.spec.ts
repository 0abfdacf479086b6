/**
 * The admin forms' form-level messages in Chromium (spec §5 Create group 'overall', §8 failures):
 * 'Fill required values' / 'Enter Valid Email' when the form refuses a submit, and the §8 failure
 * texts when the server answers a failure without a message. That failure is injected in the test
 * only (Playwright route fulfilment of the one write call, HTTP 500 with an empty envelope); the
 * product path is untouched. Also 'Please select group' on the role edit overlay.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { fillAccount } from './support/accountForm.js';
import { STAFF_USER } from './support/staff.js';

const LONG = { timeout: 30_000 };
const input = (page: Page | Locator, field: string) => page.locator(`#root_${field}`);
const banner = (page: Page | Locator, text: string) => page.getByRole('status').filter({ hasText: text });

/** The write call of a screen's mutation answers 500 with no message, once. */
async function failNextWrite(page: Page, mutation: string): Promise<void> {
  await page.route(
    `**/api/v1/mutate/${mutation}`,
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":0}' }),
    { times: 1 },
  );
}

test("create account (platform staff): 'Fill required values', 'Enter Valid Email', then the failure text; clients Edit says the same", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await signIn(page, STAFF_USER);
  await page.goto('/workspace/client/createaccount');
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await create.click();
  await expect(banner(page, 'Fill required values')).toHaveText('Fill required values', LONG);
  await expect(page.getByText('Group Name is a required attribute.').first()).toBeVisible();

  const name = `Failing Foods ${Date.now().toString(36)}`;
  await fillAccount(page, name);
  await input(page, 'associate1_email').fill('lena@acme');
  await create.click();
  await expect(banner(page, 'Enter Valid Email')).toHaveText('Enter Valid Email');
  await expect(page.getByText('You have to enter valid email').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/createaccount-enter-valid-email.png', fullPage: true });

  await input(page, 'associate1_email').fill('lena@acme.test');
  await failNextWrite(page, 'client/createaccount/create');
  await create.click();
  await expect(banner(page, 'Account Creation Failed.Please contact with admin.')).toBeVisible(LONG);
  await page.screenshot({ path: 'test-results/createaccount-failed.png', fullPage: true });
  const users = await (await page.request.get('/api/v1/platform/staff/users?limit=500')).text();
  expect(users).not.toContain(name); // the refused call wrote nothing: no group, staff not its Admin

  // The clients Edit overlay, a group admin's: a required value emptied.
  await page.context().clearCookies();
  await signIn(page);
  await page.goto('/workspace/client/clients');
  const row = page
    .getByRole('region', { name: 'Clients' })
    .getByRole('row')
    .filter({ hasText: 'Demo Brands' });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Account' });
  await input(dialog, 'task_id').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(banner(dialog, 'Fill required values')).toBeVisible(LONG);
  await page.screenshot({ path: 'test-results/clients-edit-fill-required.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Create Account is platform staff's: the group admin's Clients screen offers none.
  await expect(page.getByRole('button', { name: 'Create Account', exact: true })).toHaveCount(0);
});

test("create user: 'Something went wrong.Please try again' when the save fails without a message", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page);
  await page.goto('/workspace/user/createuser');
  await page.getByLabel('Search Group').fill('Demo');
  await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Demo Brands' });
  const role = page.getByLabel('Role', { exact: true });
  await expect(role.locator('option', { hasText: 'Analyst' })).toHaveCount(1, LONG);
  await role.selectOption({ label: 'Analyst' });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const user = `failing.${Date.now()}@acme.test`;
  await input(page, 'first_name').fill('Fay');
  await input(page, 'user_name').fill(user);
  await failNextWrite(page, 'user/createuser/create');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(banner(page, 'Something went wrong.Please try again')).toBeVisible(LONG);
  await page.screenshot({ path: 'test-results/createuser-failed.png', fullPage: true });
});

test("roles: 'Role Process Failed. Please contact with admin.' on create and edit; 'Please select group' on edit", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await signIn(page);
  await page.goto('/workspace/role/createrole');
  await input(page, 'group_id').selectOption({ label: 'Demo Brands' });
  await input(page, 'name').fill(`Failing Role ${Date.now()}`);
  const checklist = page.locator('.ss-checklist');
  await checklist.getByLabel('Search activities').fill('stock/');
  await checklist.getByRole('checkbox').first().check();
  await failNextWrite(page, 'role/createrole/create');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(banner(page, 'Role Process Failed. Please contact with admin.')).toBeVisible(LONG);

  await page.goto('/workspace/role/roles');
  const row = page
    .getByRole('region', { name: 'Roles' })
    .getByRole('row')
    .filter({ hasText: 'Analyst' })
    .first();
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Role' });
  await expect(dialog.locator('.ss-checklist')).toContainText('of', LONG);
  const group = input(dialog, 'group_id');
  await expect(group.locator('option', { hasText: 'Demo Brands' })).toHaveCount(1, LONG);
  await expect(group.locator('option').first()).toHaveText('Select Group');
  await group.selectOption(''); // the placeholder: no group
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please select group', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/roles-edit-select-group.png', fullPage: true });
  await group.selectOption({ label: 'Demo Brands' });
  await failNextWrite(page, 'role/roles/edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(banner(dialog, 'Role Process Failed. Please contact with admin.')).toBeVisible(LONG);
  await expect(dialog).toBeVisible(); // a failed save keeps the overlay open
});
