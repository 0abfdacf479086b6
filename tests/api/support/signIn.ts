import { ApiClient, latestOtp } from './apiClient.js';
import type { TestServer } from './testServer.js';

interface LoginData {
  settrustbrowser?: boolean;
  org_list?: { id: number; group_name: string; status: number }[];
}

/** Signs in through the real login steps (credentials, OTP from the outbox, group) and returns the client. */
export async function signIn(
  server: TestServer,
  username = server.env.DEMO_USER,
  password = server.env.DEMO_PASSWORD,
  groupId?: number,
): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  let step = await client.post<LoginData>('authenticate', { username, password });
  if (step.body.statusCode !== 1) throw new Error(`authenticate: ${step.body.msg}`);
  if (!step.body.data?.settrustbrowser) {
    step = await client.post<LoginData>('verifyotp', { otp: latestOtp(server.dataDir, username) });
    if (step.body.statusCode !== 1) throw new Error(`verifyotp: ${step.body.msg}`);
  }
  const group = groupId ?? step.body.data?.org_list?.find((g) => g.status === 1)?.id;
  const selected = await client.post('selectGroup', { group_id: group });
  if (selected.body.statusCode !== 1) throw new Error(`selectGroup: ${selected.body.msg}`);
  return client;
}

/**
 * The three demo sessions most tenant and permission tests need: the demo admin (Demo Brands),
 * the other tenant's admin (Rival Foods) and the analyst (every screen, no admin area).
 */
export function signInDemoRivalAnalyst(server: TestServer): Promise<[ApiClient, ApiClient, ApiClient]> {
  return Promise.all([
    signIn(server),
    signIn(server, 'rival@shelfscope.test'),
    signIn(server, 'analyst@shelfscope.test'),
  ]);
}
