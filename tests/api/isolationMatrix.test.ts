/**
 * The isolation matrix: every operation of the server's own OpenAPI document, as every principal
 * that is not Demo Brands' admin (matrix/principals.ts), with Demo Brands' ids in its path, query
 * and body (matrix/matrixRequests.ts). It fails on an answer holding a Demo Brands object the
 * principal may not see (canary names, matrix/tenantFixture.ts), a Demo Brands file handed to a
 * principal outside its screen, a 5xx, and any change to Demo Brands' rows in the store or the
 * warehouse made by a principal that may not make it (matrix/groupSnapshot.ts). A route added to
 * the server joins by itself; one left out must be named in EXEMPT with its reason.
 */
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrixRequests, type MatrixRequest } from './matrix/matrixRequests.js';
import { operationKey, operationsOf, type Operation } from './matrix/openApiOperations.js';
import { principalsOf, type Principal } from './matrix/principals.js';
import { snapshotChanges, snapshotGroup, type GroupSnapshot } from './matrix/groupSnapshot.js';
import {
  plantTenantFixture,
  PROMO_FILE_SCREEN,
  VICTIM_GROUP,
  type TenantFixture,
} from './matrix/tenantFixture.js';
import { inBatches } from './matrix/inBatches.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

/** Operations the matrix does not call, each with why. The test fails when one is no longer published. */
const EXEMPT: Record<string, string> = {};

/**
 * Defects the matrix finds today whose fix has not landed, each with why. Each must still be found:
 * remove it when fixed. (Empty: the report-file and share-link rules now hold.)
 */
const KNOWN_DEFECTS: { principal: string; match: RegExp; why: string }[] = [];

/**
 * Platform-wide operations (docs/principals.md "Platform-wide actions"): platform staff's alone,
 * whatever the caller's role. No principal of the matrix is staff, so each must be refused: 401
 * without a user, 403 otherwise. Any other answer (a 200, or a 400 or 404 from a check that ran
 * after a missing guard) is a finding. Every entry must match a request the matrix sends.
 */
const STAFF_ONLY: { match: RegExp; why: string }[] = [
  { match: /^POST \/api\/v1\/admin\/clients$/, why: 'creates a tenant' },
  { match: /^GET \/api\/v1\/admin\/verify\/group\?/, why: "probes every group's name" },
  {
    match: /^POST \/api\/v1\/(mutate|verify)\/client\/createaccount\//,
    why: 'creates a tenant (Create Account, a platform activity)',
  },
  {
    match: /^PUT \/api\/v1\/channelprofile\/politeness$/,
    why: "sets a channel's politeness for every group",
  },
  {
    match: /^POST \/api\/v1\/channelprofile\/(save|sample|test)$/,
    why: "adds a marketplace: a group's channel profile whole (pages, walls, proxies), its sample pages",
  },
  {
    match: /^GET \/api\/v1\/channelprofile\/rows/,
    why: "a group's channel profiles as the profile form edits them (sites, walls, masked proxies)",
  },
  { match: /^(GET|POST) \/api\/v1\/platform\/staff\//, why: 'says who is platform staff' },
  {
    match: /^(GET|POST) \/api\/v1\/platform\/groups/,
    why: "lists every group and sets any group's subscription",
  },
  { match: /^(GET|POST|PUT) \/api\/v1\/config\/editor\//, why: 'edits the one config every group is served' },
  {
    match: /^(GET|POST|PUT|DELETE) \/api\/v1\/admin\/microsoft\/mappings/,
    why: 'decides which organisations get accounts (Sign in with Microsoft)',
  },
];
const staffOnly = (request: string) => STAFF_ONLY.find((s) => s.match.test(request));

/** Operations that reach the job queue (queueRoutesOf): the sweep must send each. */
const QUEUE_ROUTES = [
  /^GET \/api\/v1\/processmonitor\/crawl\/coverage\/rows/,
  /^GET \/api\/v1\/processmonitor\/crawl\/sessions\/rows/,
  /^POST \/api\/v1\/processmonitor\/queue\/purge$/,
  /^POST \/api\/v1\/processmonitor\/elastic\/trigger$/,
  /^POST \/api\/v1\/processmonitor\/crawl\/trigger$/,
  /^POST \/api\/v1\/exports$/,
];

/** Sign-in and session steps: they may end the caller's session, so they run last, one by one. */
const SESSION_STEPS =
  /\/(authenticate|verifyotp|resendOtp|trustbrowser|selectGroup|change\/password|logout)$/;

let server: TestServer;
let demo: ApiClient;
let fx: TenantFixture;
let published: Operation[];
let ops: Operation[];
let requests: MatrixRequest[];
let principals: Principal[];

beforeAll(async () => {
  // Sign-in limits off: the matrix signs in five times and tries the sign-in routes as each.
  server = await startTestServer({ LOGIN_RATE_PER_ADDRESS: '0', LOGIN_ATTEMPTS_PER_NAME: '100000' });
  demo = await signIn(server);
  fx = await plantTenantFixture(server.server, demo);
  // The document itself is platform staff's over HTTP; the matrix reads it in process.
  published = operationsOf(server.server.app.swagger());
  ops = published.filter((op) => !(operationKey(op) in EXEMPT));
  const [last] = await server.server.app.deps.warehouse.query<{ d: string }>(
    'SELECT MAX(last_crawl_date) AS d FROM crawl_log WHERE group_id = $1',
    [VICTIM_GROUP],
  );
  requests = matrixRequests(ops, server.server.app.deps.config.current(), String(last!.d), fx);
  principals = await principalsOf(server, fx);
}, 600_000); // a whole server, its demo tenant and five sign-ins: slow on a busy machine
afterAll(() => server?.close());

interface Finding {
  principal: string;
  request: string;
  what: string;
}

async function sweep(p: Principal): Promise<Finding[]> {
  const findings: Finding[] = [];
  const forbidden = fx.canaries.filter((c) => !p.sees(c)).map((c) => c.text);
  const statuses: Record<string, number> = {};
  const judge = async (req: MatrixRequest) => {
    const res = await p.send(req.method, req.url, req.body);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (process.env.MATRIX_DEBUG)
      appendFileSync(
        process.env.MATRIX_DEBUG,
        `${p.name}\t${res.status}\t${req.method} ${req.url}\t${JSON.stringify(req.body ?? null).slice(0, 300)}\t${res.text().slice(0, 200).replace(/\s+/g, ' ')}\n`,
      );
    const name = `${req.method} ${req.url}`;
    const platformWide = staffOnly(name);
    if (platformWide && res.status !== 401 && res.status !== 403)
      findings.push({
        principal: p.name,
        request: name,
        what: `platform-wide (${platformWide.why}) answered ${res.status}, not refused`,
      });
    if (res.status >= 500)
      findings.push({ principal: p.name, request: name, what: `${res.status} ${res.text().slice(0, 200)}` });
    const text = res.text();
    for (const word of forbidden)
      if (text.includes(word))
        findings.push({ principal: p.name, request: name, what: `answer holds "${word}"` });
    const isFile = res.status < 300 && !/json|text\/html/.test(res.headers.get('content-type') ?? '');
    if (req.asksForFile && isFile && !p.opens(PROMO_FILE_SCREEN))
      findings.push({
        principal: p.name,
        request: name,
        what: `file of Demo Brands (${res.bytes.length} bytes)`,
      });
  };
  const [parallel, last] = [
    requests.filter((r) => !SESSION_STEPS.test(r.op.path)),
    requests.filter((r) => SESSION_STEPS.test(r.op.path)),
  ];
  await inBatches(parallel, 4, judge);
  for (const req of last.sort(
    (a, b) => Number(a.op.path.endsWith('logout')) - Number(b.op.path.endsWith('logout')),
  ))
    await judge(req);
  // What each principal was answered: a matrix refused wholesale (all 401) would prove little.
  console.info(`isolation matrix: ${p.name}: ${JSON.stringify(statuses)}`);
  return findings;
}

function onlyChanged(c: { before?: string | null; after?: string | null }, columns: string[]) {
  if (!c.before || !c.after) return false;
  const before = JSON.parse(c.before) as Record<string, unknown>;
  const after = JSON.parse(c.after) as Record<string, unknown>;
  const changed = Object.keys({ ...before, ...after }).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return changed.every((k) => columns.includes(k));
}

function foreignWrites(p: Principal, before: GroupSnapshot, after: GroupSnapshot): Finding[] {
  return snapshotChanges(before, after)
    .filter((c) => {
      if (p.outsider) return true;
      if (c.key.startsWith('warehouse:')) return false; // a member's screens may write its group's data
      const row = JSON.parse(c.before ?? c.after ?? '{}') as Record<string, unknown>;
      if ([row.user_id, row.created_by].includes(p.userId)) return false;
      // A user's own preferences (the number style the user menu sets), and nothing else of the row.
      if (c.key === `users#${p.userId}` && onlyChanged(c, ['number_style'])) return false;
      // Links and decks: their creator, users who may open their screen, or an admin.
      if (/^(share_links|slide_views)#/.test(c.key) && p.opens(String(row.screen))) return false;
      // The action inbox's cases: any member who may open the inbox assigns and closes them.
      if (/^cases#/.test(c.key) && p.opens('inbox/cases')) return false;
      return c.kind !== 'added' || /^(roles|user_group_roles|role_activities|users|groups)#/.test(c.key);
    })
    .map((c) => ({
      principal: p.name,
      request: c.key,
      what: `${c.kind}: ${(c.before ?? '').slice(0, 160)} -> ${(c.after ?? '').slice(0, 160)}`,
    }));
}

describe('isolation matrix', () => {
  it('covers every published operation, and every exemption is still published', () => {
    expect(ops.length).toBeGreaterThan(150);
    const keys = new Set(published.map(operationKey));
    expect(Object.keys(EXEMPT).filter((k) => !keys.has(k))).toEqual([]);
    const all = new Set(requests.map((r) => operationKey(r.op)));
    expect(ops.filter((op) => !all.has(operationKey(op))).map(operationKey)).toEqual([]);
    // Config-named routes expand to every target the config has: mutations, uploads, bulk actions.
    expect(requests.filter((r) => r.url.includes('/mutate/')).length).toBeGreaterThan(10);
    expect(requests.filter((r) => r.url.includes('/uploads/')).length).toBeGreaterThan(10);
    expect(requests.filter((r) => r.asksForFile).length).toBeGreaterThan(3);
    // Every platform-wide operation is tried.
    const names = requests.map((r) => `${r.method} ${r.url}`);
    // Routes that use the job queue are tried too (the matrix's server runs one; a build without
    // it still publishes them, platform/feature.ts): each reads or writes the caller's group only.
    for (const queued of QUEUE_ROUTES)
      expect(
        names.some((n) => queued.test(n)),
        String(queued),
      ).toBe(true);
    expect(STAFF_ONLY.filter((s) => !names.some((n) => s.match.test(n))).map((s) => s.why)).toEqual([]);
  });

  it('no principal gets a Demo Brands row, file or write it may not have', async () => {
    const findings: Finding[] = [];
    for (const p of principals) {
      const before = await snapshotGroup(server.server, VICTIM_GROUP);
      findings.push(...(await sweep(p)));
      findings.push(...foreignWrites(p, before, await snapshotGroup(server.server, VICTIM_GROUP)));
    }
    const known = (f: Finding) =>
      KNOWN_DEFECTS.find((k) => k.principal === f.principal && k.match.test(`${f.request} ${f.what}`));
    expect(findings.filter((f) => !known(f))).toEqual([]);
    // A defect fixed elsewhere must leave the list, so the matrix holds the fix from then on.
    const stillSeen = KNOWN_DEFECTS.filter((k) => findings.some((f) => known(f) === k));
    expect(KNOWN_DEFECTS.filter((k) => !stillSeen.includes(k)).map((k) => k.why)).toEqual([]);
  }, 600_000);
});
