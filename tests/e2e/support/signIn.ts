import type { Page } from '@playwright/test';
import { latestOtp } from '../../support/outbox.js';
import { THIS_E2E_SERVER } from './servers.js';

export const DEMO_USER = process.env.DEMO_USER ?? 'demo@shelfscope.test';
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026!';
/** DATA_DIR of this worker's server (servers.ts). */
export const E2E_DATA_DIR = THIS_E2E_SERVER.dataDir;

interface LoginBody {
  statusCode: number;
  msg: string;
  data?: { settrustbrowser?: boolean; org_list?: { id: number; group_name: string; status: number }[] };
}

/**
 * Signs in through the real API inside the page's browser context (cookies land in the browser):
 * credentials, the OTP read from the server's outbox, then the first active group. Flows that test
 * the login screens themselves drive the UI instead (login.spec.ts).
 */
export async function signIn(
  page: Page,
  username = DEMO_USER,
  password = DEMO_PASSWORD,
  /** DATA_DIR of the server the page talks to (a spec may start its own). */
  dataDir = E2E_DATA_DIR,
  /** The group to select, by name; default the first active one. */
  groupName?: string,
): Promise<void> {
  const request = page.context().request;
  await request.get('/api/v1/processmonitor/sessionvalidity');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const headers = { 'x-csrf-token': csrf };
  let body = (await (
    await request.post('/api/v1/authenticate', { data: { username, password }, headers })
  ).json()) as LoginBody;
  if (body.statusCode !== 1) throw new Error(`authenticate failed: ${body.msg}`);
  if (!body.data?.settrustbrowser) {
    const otp = latestOtp(dataDir, username);
    body = (await (await request.post('/api/v1/verifyotp', { data: { otp }, headers })).json()) as LoginBody;
    if (body.statusCode !== 1) throw new Error(`verifyotp failed: ${body.msg}`);
  }
  const group = body.data?.org_list?.find((g) =>
    groupName === undefined ? g.status === 1 : g.group_name === groupName,
  );
  if (!group) throw new Error('no active group');
  const selected = (await (
    await request.post('/api/v1/selectGroup', { data: { group_id: group.id }, headers })
  ).json()) as LoginBody;
  if (selected.statusCode !== 1) throw new Error(`selectGroup failed: ${selected.msg}`);
}

/** Logs out through the API as the page's browser would: POST with the CSRF header. */
export async function logoutByApi(page: Page): Promise<number> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const response = await page.request.post('/api/v1/logout', { headers: { 'x-csrf-token': csrf } });
  return response.status();
}
