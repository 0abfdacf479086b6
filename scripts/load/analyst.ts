import { latestOtp } from '../../tests/support/outbox.js';
import { addDays } from '../bench/monitoringQueries.js';
import { LoopbackClient, type Reply } from './loopbackClient.js';
import type { LoadScreen } from './prepareLoadData.js';
import type { Tally } from './stats.js';

export interface AnalystRun {
  base: string;
  dataDir: string;
  localAddress: string;
  username: string;
  password: string;
  /**
   * The browser's cookies from an earlier run: a session still open is used as a returning tab
   * does (no sign-in); the trust cookie skips the OTP step of a new sign-in.
   */
  cookies: Record<string, string>;
  /** Sign in even when the saved session is still open (keeps the trust cookie). */
  fresh: boolean;
  screens: LoadScreen[];
  /** Weighted picks of screen keys (the e2e flows open stock and visibility most). */
  pickScreen: () => LoadScreen;
  until: number;
  signIns: Tally;
  calls: Tally;
}

/** Think time, cut short at the deadline. */
const pause = (ms: number, until: number) =>
  new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, until - Date.now()))));
/** The first few failed calls are printed, so a failing run says why. */
let shown = 0;
function showFailure(path: string, reply: Reply): void {
  if (shown++ < 5) console.log(`failed: ${reply.status} ${path} ${reply.body.slice(0, 160)}`);
}
const envelopeOk = (r: Reply) => r.status === 200 && r.body.startsWith('{"statusCode":1');

/** Signs in through the real steps (OTP from the outbox, then trusts the browser). */
async function signIn(run: AnalystRun, client: LoopbackClient): Promise<void> {
  const step = async (reply: Promise<Reply>) => {
    const r = await reply;
    const ok = envelopeOk(r);
    run.signIns.add(r.ms, r.status, ok);
    if (!ok) throw new Error(`sign-in of ${run.username}: ${r.status} ${r.body.slice(0, 120)}`);
    return JSON.parse(r.body) as {
      data?: { settrustbrowser?: boolean; org_list?: { id: number; status: number }[] };
    };
  };
  await client.get('processmonitor/sessionvalidity'); // the page load hands out the csrf cookie
  let body = await step(client.post('authenticate', { username: run.username, password: run.password }));
  if (!body.data?.settrustbrowser) {
    body = await step(client.post('verifyotp', { otp: latestOtp(run.dataDir, run.username) }));
    await step(client.post('trustbrowser', {}));
  }
  const group = body.data?.org_list?.find((g) => g.status === 1)?.id;
  await step(client.post('selectGroup', { group_id: group }));
}

/** The page load: the saved session if it is still open, else a sign-in. */
async function openApp(run: AnalystRun, client: LoopbackClient): Promise<void> {
  for (const [name, value] of Object.entries(run.cookies)) {
    if (name === 'tb' || !run.fresh) client.cookies.set(name, value);
  }
  const check = await client.get('processmonitor/sessionvalidity');
  run.calls.add(check.ms, check.status, check.status === 200 || check.status === 401);
  if (check.status !== 200) await signIn(run, client);
}

/** A screen opened, or a filter changed on it: every data call fired at once, as the SPA does. */
async function openScreen(
  run: AnalystRun,
  client: LoopbackClient,
  screen: LoadScreen,
  variant: number,
): Promise<void> {
  const [area, name] = screen.key.split('/');
  const paths = variant === 0 ? [`config/screen?area=${area}&screen=${name}`] : [];
  for (const call of screen.calls) {
    const params = { ...call.params };
    // Filter changes an analyst makes: a longer range, the range a day back, the next grid page.
    if (variant === 1 && params.start_date && params.start_date !== '-1')
      params.start_date = addDays(params.start_date, -7);
    if (variant === 2 && params.end_date && params.end_date !== '-1') {
      params.start_date = addDays(params.start_date ?? params.end_date, -1);
      params.end_date = addDays(params.end_date, -1);
    }
    if (variant === 3 && call.paged) params.offset = params.limit ?? '10';
    paths.push(`${call.endpoint}?${new URLSearchParams(params).toString()}`);
  }
  const sent = performance.now();
  const replies = await Promise.allSettled(paths.map((p) => client.get(p)));
  replies.forEach((settled, i) => {
    if (settled.status === 'rejected') return run.calls.add(performance.now() - sent, 'net', false);
    const reply = settled.value;
    const ok = envelopeOk(reply);
    if (!ok) showFailure(paths[i]!, reply);
    run.calls.add(reply.ms, reply.status, ok, reply.headers['x-cache']);
  });
}

/** One analyst until the deadline: sign in, then open screens and change filters with think time. */
export async function runAnalyst(run: AnalystRun): Promise<Record<string, string>> {
  const client = new LoopbackClient(run.base, run.localAddress, run.until + 3_000);
  try {
    const opened = await openApp(run, client).then(
      () => true,
      () => false,
    );
    if (!opened) return Object.fromEntries(client.cookies);
    while (Date.now() < run.until) {
      const screen = run.pickScreen();
      await openScreen(run, client, screen, 0);
      for (let changes = Math.floor(Math.random() * 3); changes > 0 && Date.now() < run.until; changes--) {
        await pause(1_000 + Math.random() * 2_000, run.until);
        await openScreen(run, client, screen, 1 + Math.floor(Math.random() * 3));
      }
      await pause(2_000 + Math.random() * 4_000, run.until);
    }
    return Object.fromEntries(client.cookies);
  } finally {
    client.close();
  }
}
