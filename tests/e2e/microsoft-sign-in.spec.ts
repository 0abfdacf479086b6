import { expect, test } from '@playwright/test';
import { startEntraLikeProvider, type EntraLikeProvider } from '../support/entraLikeProvider.js';
import { signIn } from './support/signIn.js';
import { staffPage } from './support/staff.js';
import { THIS_E2E_SERVER } from './support/servers.js';

/**
 * Sign in with Microsoft in the browser: the login page's button, the provider's pages (a real
 * OpenID provider on loopback, shaped like Entra ID), back to the login page, then the agreement
 * and the workspace of the group the domain is mapped to, by staff on the Microsoft Sign-in screen.
 * Refusals are API tests (tests/api/microsoftSignIn.test.ts, platformBoundaries.test.ts).
 */
test.describe('Sign in with Microsoft', () => {
  let idp: EntraLikeProvider;

  test.beforeAll(async () => {
    idp = await startEntraLikeProvider({
      port: THIS_E2E_SERVER.oidcPort,
      redirectUrl: `http://localhost:${THIS_E2E_SERVER.port}/public/microsoft`,
    });
  });
  test.afterAll(async () => idp?.close());

  test('a user of a mapped domain signs in with the button and lands in the workspace', async ({
    page,
    browser,
  }) => {
    const domain = `e2e${Date.now()}.test`;
    // Demo Brands' roles, read by its admin; the staff map the domain to one of them.
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin);
    const roles = (await (await admin.request.get('/api/v1/roles?groupId=1')).json()) as {
      data: { id: number; name: string }[];
    };
    const role = roles.data.find((r) => r.name === 'Admin') ?? roles.data[0]!;
    // Staff map the domain on Platform > Microsoft Sign-in: the role list is the chosen group's.
    const staff = await staffPage(browser);
    await staff.goto('/workspace/platform/microsoft');
    const form = staff.locator('form');
    await form.getByLabel('Mapped By').selectOption({ label: 'E-mail domain' });
    await form.getByLabel('Tenant id or e-mail domain').fill(domain);
    await expect(form.getByLabel('Role')).toBeDisabled();
    await form.getByLabel('Group').selectOption({ label: 'Demo Brands' });
    await form.getByLabel('Role').selectOption({ label: role.name });
    await form.getByRole('button', { name: 'Add Mapping' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Mapping saved' })).toBeVisible();
    await expect(staff.getByRole('row').filter({ hasText: domain })).toContainText('Demo Brands');

    idp.signInAs({ email: `grace@${domain}`, name: 'Grace Hopper' });
    await page.goto('/public/login');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await expect(page).toHaveURL(/\/agreement/);
    await page.getByLabel('I have Read License-Agreement').check();
    await page.getByRole('button', { name: 'I AGREE' }).click();
    await expect(page).toHaveURL(/\/workspace\//);
    // No password to update: no 'Update Password' alert covers the menu.
    await page.locator('.ss-usermenu__trigger').click();
    await expect(page.getByText(`grace@${domain}`)).toBeVisible();
  });
});
