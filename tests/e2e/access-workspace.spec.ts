import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, E2E_DATA_DIR, logoutByApi, signIn } from './support/signIn.js';
import { latestOtp } from '../support/outbox.js';
import { screenLoaded } from './support/screen.js';

/**
 * Signed-in access in the browser: the agreement gate, the once-only session-expired
 * flow, permissions (sidebar, direct visits, API 403), the user menu and unknown workspace paths.
 */
const RIVAL = 'rival@shelfscope.test';
const MULTI = 'multi@shelfscope.test';
const STOCK = 'stock@shelfscope.test';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** DD-MMM-YYYY HH:mm:ss A (docs/product-spec.md §9). */
const LOGIN_TIME =
  /^\d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/;

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  return { 'x-csrf-token': csrf };
}

/** Signs in through the API once and accepts the licence, so the tests below open the workspace. */
async function acceptAgreement(browser: Browser, baseURL: string, username: string): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, username);
    const put = await context.request.put('/api/v1/agreement', {
      data: {},
      headers: await csrfHeaders(page),
    });
    expect(put.status()).toBe(200);
  } finally {
    await context.close();
  }
}

/** The landing page the server's menu implies: the first menu item's click url. */
async function landingOf(page: Page): Promise<string> {
  const menu = (await (await page.request.get('/api/v1/user/menu')).json()) as {
    data: { menuList: { v2clickurl: string; path: string }[] };
  };
  const first = menu.data.menuList[0]!;
  return first.path ? `/workspace/paxviz/${first.path}` : first.v2clickurl;
}

test.describe('workspace access flows', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL!;
    await acceptAgreement(browser, baseURL, MULTI);
    await acceptAgreement(browser, baseURL, STOCK);
  });

  test('agreement gate: a user who has not accepted lands on /agreement; I AGREE needs the checkbox', async ({
    page,
  }) => {
    await signIn(page, RIVAL);
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/agreement$/);
    await expect(page.getByRole('heading', { name: 'License Agreement' })).toBeVisible();
    await expect(page.getByText('Shelfscope Licence Agreement')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    await page.getByRole('button', { name: 'I AGREE' }).click();
    await expect(page.locator('.ss-toast', { hasText: 'Please Read the License-Agreement' })).toBeVisible();
    await expect(page).toHaveURL(/\/agreement$/);

    await page.getByLabel('I have Read License-Agreement').check();
    await page.getByRole('button', { name: 'I AGREE' }).click();
    await expect(page).toHaveURL(/\/workspace\/[\w-]+\/[\w-]+/);
    await expect(page.locator('.ss-header__group')).toHaveText('Rival Foods');

    // Accepted once: the workspace opens directly and the page no longer offers I AGREE.
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/workspace\/[\w-]+\/[\w-]+/);
    await page.goto('/agreement');
    await expect(page.getByText('Shelfscope Licence Agreement')).toBeVisible();
    await expect(page.getByRole('button', { name: 'I AGREE' })).toHaveCount(0);
  });

  test("session expired: the next API call alerts 'Your session has been expired.' once and goes to login", async ({
    page,
    context,
  }) => {
    await signIn(page, MULTI);
    // A filter in the address: removing its tag reloads every widget of the screen at once.
    await page.goto('/workspace/stock/kpi?channel_id=1');
    const removeTag = page.getByRole('button', { name: /Remove Channel/ });
    await expect(removeTag).toBeVisible();
    await screenLoaded(page);

    // Log out in another tab: the session ends on the server for every tab.
    const other = await context.newPage();
    expect(await logoutByApi(other)).toBe(200);
    await other.close();

    const refused: string[] = [];
    page.on('response', (r) => r.status() === 401 && refused.push(r.url()));
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await removeTag.click();
    await expect(page).toHaveURL(/\/public\/login$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.waitForTimeout(500);
    // Several calls were refused together, the alert showed once.
    expect(refused.length).toBeGreaterThan(1);
    expect(alerts).toEqual(['Your session has been expired.']);

    // Shown once until a call succeeds again: log in on this page (same app instance), expire again.
    await page.getByLabel('User Name').fill(MULTI);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByLabel('OTP')).toBeVisible();
    await page.getByLabel('OTP').fill(latestOtp(E2E_DATA_DIR, MULTI));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Not Now' }).click();
    await page
      .getByRole('dialog', { name: 'Select Group' })
      .getByRole('button', { name: /Demo Brands/ })
      .click();
    await expect(page).toHaveURL(/\/workspace\/[\w-]+\/[\w-]+/);
    await expect(page.locator('.ss-header__group')).toHaveText('Demo Brands');
    // Let the landing screen finish loading: its first widget calls, sent after the logout, met the
    // 401 before the click below and took the sidebar away from under it.
    await screenLoaded(page);
    expect(await logoutByApi(page)).toBe(200);
    await page.locator('.ss-sidebar').getByRole('link', { name: 'Price' }).click();
    await expect(page).toHaveURL(/\/public\/login$/);
    expect(alerts).toEqual(['Your session has been expired.', 'Your session has been expired.']);
  });

  test('permissions: the stock-only role sees only Stock; other screens redirect and their API answers 403', async ({
    page,
  }) => {
    await signIn(page, STOCK);
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/workspace\/stock\/kpi(\?[^/]*)?$/);
    await expect(page.locator('.ss-kpi').first()).toBeVisible();
    await expect(page.locator('.ss-sidebar .ss-sidebar__label')).toHaveText(['Stock']);
    const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
    await expect(shortcuts.getByRole('link')).toHaveCount(0);

    for (const path of ['/workspace/price/kpi', '/workspace/promo/data', '/workspace/user/users']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/workspace\/stock\/kpi(\?[^/]*)?$/);
    }
    // Submenu-gated areas need the submenu; always-allowed ones open.
    await page.goto('/workspace/reports/download_report');
    await expect(page).toHaveURL(/\/workspace\/stock\/kpi(\?[^/]*)?$/);
    await page.goto('/workspace/faq/faqs');
    await expect(page).toHaveURL(/\/workspace\/faq\/faqs$/);

    const api = page.request;
    expect((await api.get('/api/v1/config/screen?area=stock&screen=kpi')).status()).toBe(200);
    expect((await api.get('/api/v1/config/screen?area=price&screen=kpi')).status()).toBe(403);
    const priceData = await api.get('/api/v1/price/kpi/stats');
    expect(priceData.status()).toBe(403);
    expect(((await priceData.json()) as { statusCode: number }).statusCode).not.toBe(1);
  });

  test('user menu: names, version, last logins, Agreement modal, Reset Password, Log out', async ({
    page,
  }) => {
    await signIn(page, STOCK);
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/workspace\/stock\/kpi(\?[^/]*)?$/);
    await expect(page.locator('.ss-header__group')).toHaveText('Demo Brands');
    const trigger = page.locator('.ss-usermenu__trigger');
    await expect(trigger).toContainText('Sam');

    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('Sam Stock');
    await expect(menu).toContainText(STOCK);
    for (const item of ['Feedback & Support', 'FAQ', 'Agreement', 'Reset Password', 'Log out']) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await expect(menu.locator('dt', { hasText: 'Version' }).locator('+ dd')).toHaveText('0.0.1');
    const lastSuccess = page.getByTestId('last-success-login');
    await expect(lastSuccess).toHaveText(LOGIN_TIME);
    const now = new Date();
    const today = `${String(now.getDate()).padStart(2, '0')}-${MONTHS[now.getMonth()]}-${now.getFullYear()}`;
    await expect(lastSuccess).toContainText(today);
    await expect(page.getByTestId('last-failed-login')).toHaveText('---');

    await menu.getByRole('menuitem', { name: 'Agreement' }).click();
    const modal = page.getByRole('dialog', { name: 'License Agreement' });
    await expect(modal).toContainText('Shelfscope Licence Agreement');
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);

    await trigger.click();
    await page.getByRole('menuitem', { name: 'Reset Password' }).click();
    // The path: the workspace keeps its date selection in the query string, which may or may not
    // have been written yet when the menu item is clicked.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/workspace/resetpassword');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('Current Password').fill('Demo@2026!');
    await page.getByLabel('New Password').fill('Change@2026');
    await page.getByLabel('Confirm Password').fill('Change@2027');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password and Confirm password must be same')).toBeVisible();

    // Log out from a screen: the login page, and the workspace is closed afterwards.
    await page.goto('/workspace/stock/kpi');
    await expect(page.locator('.ss-kpi').first()).toBeVisible();
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/public\/login$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/public\/login$/);
  });

  test('unknown workspace paths go to /workspace and on to the landing page', async ({ page }) => {
    await signIn(page, MULTI);
    const landing = await landingOf(page);
    expect(landing).toMatch(/^\/workspace\/[\w-]+\/[\w-]+$/);
    const escaped = landing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const path of [
      '/workspace',
      '/workspace/nosuch',
      '/workspace/nosuch/screen',
      '/workspace/stock/kpi/extra',
      '/elsewhere',
    ]) {
      await page.goto(path);
      await expect(page, `${path} -> landing`).toHaveURL(new RegExp(`${escaped}$`));
    }
    await expect(page.locator('.ss-header__group')).toHaveText('Demo Brands');
  });
});
