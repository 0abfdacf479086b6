/**
 * The bad-input sweep: every operation of GET /api/docs that takes parameters or a body, with
 * each of its path parameters, query parameters and body fields in turn replaced by hostile
 * values (matrix/badInputs.ts), as Demo Brands' admin (sign-in steps with no session, so the
 * sweep cannot end its own). No answer may be a 5xx, and the server keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badVariants, type BadRequest } from './matrix/badInputs.js';
import { inBatches } from './matrix/inBatches.js';
import { matrixRequests, type MatrixRequest } from './matrix/matrixRequests.js';
import { operationKey, operationsOf } from './matrix/openApiOperations.js';
import { plantTenantFixture, VICTIM_GROUP } from './matrix/tenantFixture.js';
import { ApiClient } from './support/apiClient.js';
import { fetchBuffered } from './support/fetchBuffered.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

/**
 * 5xx answers known today whose fix has not landed. Each must still answer 5xx: remove it when
 * fixed. (Empty: one guard refuses a NUL byte for every route, platform/http/nulBytes.ts.)
 */
const KNOWN_5XX: RegExp[] = [];

const SESSION_STEPS =
  /\/(authenticate|verifyotp|resendOtp|trustbrowser|selectGroup|change\/password|logout)$/;

let server: TestServer;
let demo: ApiClient;
let anonymous: ApiClient;
let requests: MatrixRequest[];

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_PER_ADDRESS: '0', LOGIN_ATTEMPTS_PER_NAME: '100000' });
  demo = await signIn(server);
  anonymous = new ApiClient(server.url);
  await anonymous.raw('GET', 'processmonitor/sessionvalidity');
  const fx = await plantTenantFixture(server.server, demo);
  // The document itself is platform staff's over HTTP; the sweep reads it in process.
  const ops = operationsOf(server.server.app.swagger());
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
    [VICTIM_GROUP],
  );
  // One request per operation: a config-named route's input is parsed the same for every target.
  const seen = new Set<string>();
  requests = matrixRequests(ops, server.server.app.deps.config.current(), String(last!.d), fx).filter(
    (r) => !seen.has(operationKey(r.op)) && seen.add(operationKey(r.op)),
  );
}, 600_000); // a whole server, its demo tenant and five sign-ins: slow on a busy machine
afterAll(() => server?.close());

function send(client: ApiClient, bad: BadRequest) {
  const headers: Record<string, string> = {};
  const cookie = client.cookieHeader();
  if (cookie) headers.cookie = cookie;
  const csrf = client.cookie('csrf');
  if (csrf && bad.method !== 'GET') headers['x-csrf-token'] = csrf;
  if (bad.bodyText !== undefined) headers['content-type'] = 'application/json';
  return fetchBuffered(`${server.url}${bad.url}`, {
    method: bad.method,
    headers,
    body: bad.bodyText,
    redirect: 'manual',
  });
}

describe('bad-input sweep', () => {
  it('no hostile path, query or body value gets a 5xx, and the server keeps answering', async () => {
    const failures: string[] = [];
    let sent = 0;
    const work = requests.flatMap((req) => badVariants(req).map((bad) => ({ req, bad })));
    expect(work.length).toBeGreaterThan(1000);
    await inBatches(work, 4, async ({ req, bad }) => {
      const client = SESSION_STEPS.test(req.op.path) ? anonymous : demo;
      const res = await send(client, bad).catch((e: Error) => ({ status: 599, text: () => e.message }));
      sent++;
      if (res.status >= 500)
        failures.push(`${operationKey(req.op)} ${bad.label} -> ${res.status} ${res.text().slice(0, 120)}`);
    });
    console.info(`bad-input sweep: ${sent} requests over ${requests.length} operations`);
    const known = (f: string) => KNOWN_5XX.find((k) => k.test(f));
    expect(failures.filter((f) => !known(f))).toEqual([]);
    // Each pattern still matches: a route fixed elsewhere leaves the list and is held from then on.
    expect(KNOWN_5XX.filter((k) => !failures.some((f) => k.test(f))).map(String)).toEqual([]);
    expect((await demo.get('user/info')).status).toBe(200);
  }, 600_000);
});
