import { ApiClient, latestOtp } from '../../api/support/apiClient.js';
import type { ServerProcess } from './serverProcess.js';

/** The demo login through the real steps (credentials, OTP from the outbox, group 1). */
export async function loginDemo(server: ServerProcess): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const user = server.env.DEMO_USER ?? 'demo@shelfscope.test';
  const step = await client.post<{ settrustbrowser?: boolean }>('authenticate', {
    username: user,
    password: server.env.DEMO_PASSWORD ?? 'Demo@2026!',
  });
  if (step.status !== 200) throw new Error(`authenticate ${step.status} ${step.body.msg}`);
  if (!step.body.data?.settrustbrowser) {
    const otp = await client.post('verifyotp', { otp: latestOtp(server.dataDir, user) });
    if (otp.status !== 200) throw new Error(`verifyotp ${otp.status} ${otp.body.msg}`);
  }
  const group = await client.post('selectGroup', { group_id: 1 });
  if (group.status !== 200) throw new Error(`selectGroup ${group.status} ${group.body.msg}`);
  return client;
}
