/**
 * The client side from the sidebar (docs/admin.md): platform staff's Client area -> Create Account
 * (the spec's 'Group Name already exists.' on leaving the field, then 'Account Created
 * Successfully'); staff, the new group's first Admin, sign in to it and find it in Clients (with the
 * group tag search), use its Edit overlay and its Manage Users form (which offers only users of
 * groups they administer: tests/api/manageUsers.test.ts maps one).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, E2E_DATA_DIR, signIn } from './support/signIn.js';
import { fillAccount } from './support/accountForm.js';
import { STAFF_USER } from './support/staff.js';
import { pickOption, settled } from './support/screen.js';

const LONG = { timeout: 30_000 };
const input = (page: Page, field: string) => page.locator(`#root_${field}`);

test('client side from the sidebar: staff create a group, then as its admin find it in Clients, edit it, open Manage Users', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page, STAFF_USER);
  await page.goto('/workspace');
  await page
    .getByRole('navigation', { name: 'Areas' })
    .getByRole('link', { name: 'Client', exact: true })
    .click();
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/workspace\/client\/createaccount/, LONG);

  // A taken name (case and spaces ignored) is refused when the field is left.
  await fillAccount(page, '  demo brands ', 'northstar.test', 'T-77');
  await input(page, 'account_manager_name').focus();
  await expect(page.getByText('Group Name already exists.').first()).toBeVisible(LONG);
  const name = `Northstar ${Date.now().toString(36)}`;
  await input(page, 'group_name').fill(name);
  await input(page, 'account_manager_name').focus();
  await expect(page.getByText('Group Name already exists.')).toHaveCount(0, LONG);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account Created Successfully' })).toBeVisible(
    LONG,
  );

  // Staff are its first Admin: signed in to it, its Clients screen is theirs.
  await signIn(page, STAFF_USER, DEMO_PASSWORD, E2E_DATA_DIR, name);
  await page.goto('/workspace/client/clients');
  await expect(page).toHaveURL(/\/workspace\/client\/clients/, LONG);
  await settled(page);
  await pickOption(page, 'Groups', name);
  const grid = page.getByRole('region', { name: 'Clients' });
  const row = grid.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible(LONG);
  await expect(row).toContainText('Omar');

  // Edit: the overlay starts from the row; the grid shows the saved value.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Account' });
  await expect(input(page, 'group_name')).toHaveValue(name, LONG);
  await input(page, 'account_manager_name').fill('Priya Nair');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0, LONG);
  await expect(row).toContainText('Priya Nair', LONG);

  // Manage Users: the group comes from the row; pick its role and a user from the autocomplete.
  await row.getByRole('button', { name: 'Manage Users' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Users' });
  await expect(input(page, 'group_id').locator('option:checked')).toHaveText(name, LONG);
  await expect(input(page, 'role_id').locator('option', { hasText: 'Admin' })).toHaveCount(1, LONG);
  await input(page, 'role_id').selectOption({ label: 'Admin' });
  // The analyst belongs to Demo Brands, which the new group's admin does not administer.
  await page.locator('#root_user_ids').fill('analyst');
  await expect(page.locator('.ss-select__menu')).toContainText('No match', LONG);
  await manage.screenshot({ path: 'test-results/manage-users.png' });
});
