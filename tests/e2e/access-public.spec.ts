import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, E2E_DATA_DIR, logoutByApi, signIn } from './support/signIn.js';
import { latestOtp } from '../support/outbox.js';
import { latestLink, mailsTo } from '../support/mailLinks.js';

/**
 * The public area driven through the UI: OTP step (wrong code, resend), 'Trust This
 * Browser?', the group panel, forgot/reset password from the e-mailed link, verify user and the
 * unknown-path redirects. Messages are the spec's (docs/product-spec.md §4, §5, §8), word for word.
 */
const RIVAL = 'rival@shelfscope.test';
const MULTI = 'multi@shelfscope.test';
const STOCK = 'stock@shelfscope.test';
const PASSWORD_RULE =
  'A minimum 8 and maximum 30 characters password contains a combination of uppercase, special character and a number is required.';
const PASSWORD_MISMATCH = 'Password and Confirm password must be same';

/** Signs in through the API once and accepts the licence, so the UI logins below land in /workspace. */
async function acceptAgreement(browser: Browser, baseURL: string, username: string): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    await signIn(await context.newPage(), username);
    const csrf = (await context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
    const put = await context.request.put('/api/v1/agreement', {
      data: {},
      headers: { 'x-csrf-token': csrf },
    });
    expect(put.status()).toBe(200);
  } finally {
    await context.close();
  }
}

async function submitCredentials(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/public/login');
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Waits for the OTP step (its mail is written before the answer), then types the mailed code. */
async function enterOtp(page: Page, username: string): Promise<void> {
  await expect(page.getByLabel('OTP')).toBeVisible();
  await page.getByLabel('OTP').fill(latestOtp(E2E_DATA_DIR, username));
}

/** A toast by its text; closing it lets the same message show again (duplicates are suppressed). */
function toast(page: Page, message: string) {
  return page.locator('.ss-toast', { has: page.locator('.ss-toast__message', { hasText: message }) });
}

async function closeToast(page: Page, message: string): Promise<void> {
  const shown = toast(page, message);
  // A toast also closes itself after 3 s (TOAST_MS): on a slow machine it can be gone before the
  // click, and a click on a gone button waits out the test (seen in a loaded CI run).
  await shown
    .getByRole('button', { name: 'Close' })
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  await expect(shown).toHaveCount(0);
}

test.describe('public access flows', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL!;
    await acceptAgreement(browser, baseURL, MULTI);
    await acceptAgreement(browser, baseURL, STOCK);
  });

  test('OTP step: a wrong code shows Enter Valid OTP, resend mails a new code that replaces the old one', async ({
    page,
  }) => {
    await submitCredentials(page, RIVAL);
    const otp = page.getByLabel('OTP');
    await expect(otp).toBeVisible();
    const first = latestOtp(E2E_DATA_DIR, RIVAL);

    // Five digits never reach the server.
    await otp.fill(first.slice(0, 5));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(page, 'Enter Valid OTP')).toContainText('OTP ERROR');
    await closeToast(page, 'Enter Valid OTP');

    // A well-formed but wrong code is refused by the server with the same message.
    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
    await otp.fill(wrong);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/verifyotp'));
    await page.getByRole('button', { name: 'Verify' }).click();
    expect((await refused).status()).toBe(400);
    await expect(toast(page, 'Enter Valid OTP')).toContainText('OTP ERROR');
    await expect(page.getByText('Trust This Browser?')).toHaveCount(0);
    await closeToast(page, 'Enter Valid OTP');

    await page.getByRole('button', { name: 'Resend OTP' }).click();
    await expect(toast(page, 'OTP sent to your registered e-mail')).toContainText('OTP');
    await expect.poll(() => latestOtp(E2E_DATA_DIR, RIVAL)).not.toBe(first);
    const second = latestOtp(E2E_DATA_DIR, RIVAL);

    // The resent code retires the first one.
    await otp.fill(first);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(page, 'Enter Valid OTP')).toBeVisible();
    await closeToast(page, 'Enter Valid OTP');

    await otp.fill(second);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Trust This Browser?' })).toBeVisible();
  });

  test('Trust This Browser? -> Trust: the next login in the same browser skips the OTP', async ({
    page,
    context,
  }) => {
    await submitCredentials(page, STOCK);
    await enterOtp(page, STOCK);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Trust This Browser?' })).toBeVisible();
    await expect(page.getByText('for 30 days')).toBeVisible();
    await page.getByRole('button', { name: 'Trust' }).click();
    await expect(page).toHaveURL(/\/workspace\/stock\//);

    // The trust marker lasts 30 days.
    const trust = (await context.cookies()).find((c) => c.name === 'tb');
    expect(trust?.httpOnly).toBe(true);
    const days = (trust!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    // Log out (ends the session, keeps the trust marker), then log in again. The workspace is left
    // first: a screen call of its own after the logout would alert and go to login by itself, and
    // that navigation aborted the test's own (seen in a full run: the test then timed out).
    await page.goto('about:blank');
    expect(await logoutByApi(page)).toBe(200);
    const mailsBefore = mailsTo(E2E_DATA_DIR, STOCK).length;
    const otpCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/v1/verifyotp') && otpCalls.push(r.url()));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/authenticate'));
    await submitCredentials(page, STOCK);
    const body = (await (await answer).json()) as { data: { settrustbrowser: boolean } };
    expect(body.data.settrustbrowser).toBe(true);
    await expect(page).toHaveURL(/\/workspace\/stock\//);
    await expect(page.locator('.ss-header__group')).toHaveText('Demo Brands');
    expect(otpCalls).toEqual([]);
    expect(mailsTo(E2E_DATA_DIR, STOCK)).toHaveLength(mailsBefore);
  });

  test('several groups: the full-screen panel disables the expired one with its tooltip; the active one opens the workspace', async ({
    page,
  }) => {
    await submitCredentials(page, MULTI);
    await enterOtp(page, MULTI);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Not Now' }).click();

    const panel = page.getByRole('dialog', { name: 'Select Group' });
    await expect(panel).toBeVisible();
    const expired = panel.getByRole('button', { name: /Legacy Retail/ });
    await expect(expired).toBeDisabled();
    await expect(expired).toHaveAttribute('title', 'Group Expired, Please Contact Admin');
    const active = panel.getByRole('button', { name: /Demo Brands/ });
    await expect(active).toBeEnabled();
    await expect(active).not.toHaveAttribute('title', 'Group Expired, Please Contact Admin');

    await active.click();
    await expect(page).toHaveURL(/\/workspace\/[\w-]+\/[\w-]+/);
    await expect(page.locator('.ss-header__group')).toHaveText('Demo Brands');
    await expect(page.locator('.ss-usermenu__first')).toHaveText('Manu');
  });

  test('forgot password answers the same for known and unknown addresses; the e-mailed link resets the password', async ({
    page,
  }) => {
    const unknown = `nobody-${Date.now()}@shelfscope.test`;
    const newPassword = 'Reset@2026x';
    const forgotAnswers: unknown[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/v1/forgotPassLink')) void r.json().then((b) => forgotAnswers.push(b));
    });
    const sendLink = async (email: string) => {
      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send Link' }).click();
    };

    try {
      await page.goto('/public/login');
      await sendLink('not-an-email');
      await expect(page.getByText('Enter valid email')).toBeVisible();
      await page.getByRole('button', { name: 'Back to login' }).click();

      await sendLink(unknown);
      const sent = page.locator('.ss-toast--success .ss-toast__message');
      await expect(sent).toHaveText(/\S/);
      const unknownAnswer = await sent.textContent();
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await closeToast(page, unknownAnswer!);

      const mailsBefore = mailsTo(E2E_DATA_DIR, RIVAL).length;
      await sendLink(RIVAL.toUpperCase());
      await expect(sent).toHaveText(unknownAnswer!);
      await expect.poll(() => forgotAnswers.length).toBe(2);
      expect(forgotAnswers[1]).toEqual(forgotAnswers[0]);
      await expect.poll(() => mailsTo(E2E_DATA_DIR, RIVAL).length).toBe(mailsBefore + 1);
      expect(mailsTo(E2E_DATA_DIR, unknown)).toHaveLength(0);
      const link = latestLink(E2E_DATA_DIR, RIVAL, '/public/login?token=');

      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
      const fill = async (password: string, confirm: string) => {
        await page.getByLabel('New Password').fill(password);
        await page.getByLabel('Confirm Password').fill(confirm);
        await page.getByRole('button', { name: 'Reset Password' }).click();
      };
      await fill('Sh@rt1', 'Sh@rt1');
      await expect(page.locator('.pub-field__error')).toHaveText(PASSWORD_RULE);
      await expect(toast(page, 'Enter proper Password')).toBeVisible();
      for (const weak of [
        'nouppercase@2026',
        'NoDigits@here',
        'NoSpecial2026',
        `Long@2026${'x'.repeat(30)}`,
      ]) {
        await page.getByLabel('New Password').fill('');
        await fill(weak, weak);
        await expect(page.locator('.pub-field__error')).toHaveText(PASSWORD_RULE);
      }
      await fill(newPassword, `${newPassword}!`);
      await expect(page.locator('.pub-field__error')).toHaveText(PASSWORD_MISMATCH);

      await fill(newPassword, newPassword);
      await expect(toast(page, 'Password Updated Successfully!!')).toBeVisible();
      await expect(page).toHaveURL(/\/public\/login$/);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

      // The link works once.
      await page.goto(link);
      await fill(newPassword, newPassword);
      await expect(toast(page, 'Invalid or expired link')).toBeVisible();

      // The old password is refused, the new one passes the credentials step.
      await submitCredentials(page, RIVAL, DEMO_PASSWORD);
      await expect(page.getByText('Invalid Credentials')).toBeVisible();
      await submitCredentials(page, RIVAL, newPassword);
      await expect(page.getByLabel('OTP')).toBeVisible();
    } finally {
      // Give rival its demo password back through the same API flow.
      const before = mailsTo(E2E_DATA_DIR, RIVAL)[0];
      const request = page.context().request;
      await request.get('/api/v1/processmonitor/sessionvalidity');
      const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
      const headers = { 'x-csrf-token': csrf };
      await request.post('/api/v1/forgotPassLink', { data: { email: RIVAL }, headers });
      await expect.poll(() => mailsTo(E2E_DATA_DIR, RIVAL)[0]).not.toBe(before);
      const token = new URL(
        latestLink(E2E_DATA_DIR, RIVAL, '/public/login?token='),
        'http://x',
      ).searchParams.get('token');
      const restored = await request.post('/api/v1/resetPass', {
        data: { token, password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
        headers,
      });
      expect(restored.status()).toBe(200);
    }
  });

  test('/public/verifyuser: without a token back to login; with a token the spec messages', async ({
    page,
  }) => {
    await page.goto('/public/verifyuser');
    await expect(page).toHaveURL(/\/public\/login$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

    await page.goto('/public/verifyuser?verify_token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(toast(page, 'Fill required values')).toBeVisible();
    await page.getByLabel('New Password').fill('weakpass');
    await page.getByLabel('Confirm Password').fill('weakpass');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.locator('.pub-field__error')).toHaveText(PASSWORD_RULE);
    await page.getByLabel('New Password').fill('Strong@2026');
    await page.getByLabel('Confirm Password').fill('Strong@2026');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(toast(page, 'Error while updating password')).toBeVisible();
    await expect(page).toHaveURL(/\/public\/verifyuser/);
  });

  test('unknown public paths go to /public/login', async ({ page }) => {
    for (const path of ['/public', '/public/nope', '/public/login/extra/segments', '/public/reset?x=1']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/public\/login$/);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    }
    await expect(page.getByText(/© \d{4} Shelfscope/)).toBeVisible();
  });
});
