import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USER, E2E_DATA_DIR } from './support/signIn.js';
import { latestOtp } from '../support/outbox.js';

test.describe('login', () => {
  test('blank fields show the spec messages', async ({ page }) => {
    await page.goto('/public/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('User Name can not be blank.')).toBeVisible();
    await page.getByLabel('User Name').fill(DEMO_USER);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Password can not be blank.')).toBeVisible();
  });

  test('wrong credentials clear the password and mark it invalid', async ({ page }) => {
    await page.goto('/public/login');
    await page.getByLabel('User Name').fill(DEMO_USER);
    await page.getByLabel('Password').fill('Wrong@12345');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid Credentials')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveValue('');
  });

  test('credentials, OTP from the e-mail, Not Now, then the workspace; log out returns to login', async ({
    page,
  }) => {
    await page.goto('/public/login');
    await page.getByLabel('User Name').fill(DEMO_USER.toUpperCase());
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    const otpInput = page.locator('input[autocomplete="one-time-code"], input[name="otp"]').first();
    await expect(otpInput).toBeVisible();
    await otpInput.fill(latestOtp(E2E_DATA_DIR, DEMO_USER));
    await page.getByRole('button', { name: /verify/i }).click();
    await expect(page.getByText('Trust This Browser?')).toBeVisible();
    await page.getByRole('button', { name: 'Not Now' }).click();
    // A user of one group goes straight in; one of several picks the group first (the admin spec
    // creates a group whose Admin is its creator, the demo user, so either may happen here).
    const selectGroup = page.getByRole('dialog', { name: 'Select Group' });
    await expect(async () => {
      if (await selectGroup.isVisible()) return;
      expect(page.url()).toMatch(/\/workspace\//);
    }).toPass();
    if (await selectGroup.isVisible()) await selectGroup.getByRole('button', { name: 'Demo Brands' }).click();
    await expect(page).toHaveURL(/\/workspace\//);
    await page.goto('/workspace/stock/kpi');
    await expect(page.locator('.ss-kpi').first()).toBeVisible();

    await page.locator('.ss-usermenu__trigger').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/public\/login/);
  });
});
