import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';

/**
 * The pages run under the enforced Content-Security-Policy (scripts from the
 * own origin only, no inline script) without a single violation, charts included.
 */
test('the login page and a chart screen run under the CSP with no violation and no inline script', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    const text = m.text();
    if (/Content Security Policy/i.test(text) && !/report-only/i.test(text)) violations.push(text);
  });
  const login = await page.goto('/public/login');
  expect(login!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: /log ?in|sign ?in/i }).first()).toBeVisible();
  const inline = await page.locator('script:not([src])').count();
  expect(inline).toBe(0);

  await signIn(page);
  await page.goto('/workspace/stock/kpi');
  await expect(page.locator('.ss-chart canvas, .ss-chart svg').first()).toBeVisible({ timeout: 20_000 });
  expect(await page.locator('script:not([src])').count()).toBe(0);
  expect(violations).toEqual([]);
});
