/**
 * Several instances as one (docs/scaling.md): three real server processes on one PostgreSQL
 * store and warehouse and the machine's Redis, a signed-in browser round-robined over them.
 * AUTH_CACHE_MS is a minute, so only the cross-instance invalidation (Redis pub/sub) can explain
 * a revocation seen at once on another instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Redis } from 'ioredis';
import { latestOtp } from '../support/outbox.js';
import {
  removeDir,
  startServerProcess,
  tempDataDir,
  type ServerProcess,
} from '../faults/support/serverProcess.js';
import {
  createPgTestDatabase,
  type PgTestDatabase,
} from '../../src/server/platform/store/testing/pgTestDatabase.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { MSG } from '../../src/shared/auth/accessRules.js';
import { RoundRobinClient, type Answer } from './support/roundRobinClient.js';
import { fetchBuffered } from '../api/support/fetchBuffered.js';
import { io, type Socket } from 'socket.io-client';
import { EV, SOCKET_PATH, type ReportNotification } from '../../src/shared/realtimeEvents.js';

const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Demo@2026!';
const DEMO = 'demo@shelfscope.test';

let store: PgTestDatabase;
let warehouse: PgTestDatabase;
const servers: ServerProcess[] = [];
let urls: string[];
const sockets: Socket[] = [];

/** The sign-in limits live in Redis for 5 minutes: a run right after another starts from zero. */
async function clearRateLimits(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys('shelfscope-rate-*');
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

beforeAll(async () => {
  await clearRateLimits();
  store = await createPgTestDatabase('ss_cluster_store');
  warehouse = await createPgTestDatabase('ss_cluster_wh');
  // One DATA_DIR for the three, as a shared volume in production: report files, the outbox.
  const dataDir = tempDataDir();
  const settings = () => ({
    DATA_DIR: dataDir,
    DATABASE_URL: store.url,
    WAREHOUSE_URL: warehouse.url,
    REDIS_URL,
    SECRET_KEY: 'cluster-test-secret-key-shared-by-every-instance',
    AUTH_CACHE_MS: '60000',
    LOGIN_ATTEMPTS_PER_NAME: '4',
    // The first-start crawl would hold readiness for minutes on a loaded machine; sessions are
    // what this file tests (the API suite's health test covers readiness waiting for the crawl).
    DEMO_CRAWL_DAY: 'false',
  });
  // The first start migrates and loads the demo tenant; the others find it there. Each counts as
  // up when its /readyz says so, as a load balancer would (src/server/features/health).
  const ready = { readyz: true, timeoutMs: 170_000 };
  servers.push(await startServerProcess(settings(), ready));
  servers.push(
    ...(await Promise.all([startServerProcess(settings(), ready), startServerProcess(settings(), ready)])),
  );
  urls = servers.map((s) => s.url);
}, 400_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all(servers.map((s) => s.stop()));
  for (const s of servers) removeDir(s.dataDir);
  await store?.drop();
  await warehouse?.drop();
});

/** The real sign-in steps, each on the next instance; the OTP is read where its mail was sent. */
async function signIn(user: string): Promise<RoundRobinClient> {
  const client = new RoundRobinClient(urls);
  let step = await client.post('authenticate', { username: user, password: PASSWORD });
  expect(step.status, step.body.msg).toBe(200);
  if (!(step.body.data as { settrustbrowser?: boolean }).settrustbrowser) {
    step = await client.post('verifyotp', { otp: latestOtp(servers[step.instance]!.dataDir, user) });
    expect(step.status, step.body.msg).toBe(200);
  }
  // The user's first active group (the demo users' is group 1; Rival Foods' admin has another).
  const groups = (step.body.data as { org_list?: { id: number; status: number }[] }).org_list ?? [];
  const group = groups.find((g) => g.status === 1)?.id ?? 1;
  expect((await client.post('selectGroup', { group_id: group })).status).toBe(200);
  return client;
}

/**
 * One signed-in demo admin shared by the tests that need one: the per-name sign-in limit is small
 * here (LOGIN_ATTEMPTS_PER_NAME) so that the Redis-shared limit can be tested.
 */
let demoAdmin: Promise<RoundRobinClient> | undefined;
const adminSession = () => (demoAdmin ??= signIn(DEMO));

/** One pass of what the screens do: menu, a data call, a saved view written and read back. */
async function screenFlow(client: RoundRobinClient, name: string): Promise<Answer[]> {
  return [
    await client.get('config/areas'),
    await client.get('info/getlastcrawltiming'),
    await client.post('views', { screen: 'stock/kpi', name, state: { n: name } }),
    await client.get('views?screen=stock/kpi'),
  ];
}

async function userId(name: string): Promise<number> {
  const db = new pg.Client({ connectionString: store.url });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE user_name = $1', [name]);
    return rows[0]!.id;
  } finally {
    await db.end();
  }
}

/** A registered socket of the browser holding `cookie`, collecting its report notifications. */
async function registeredSocket(url: string, cookie: string): Promise<ReportNotification[]> {
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
  });
  sockets.push(socket);
  const seen: ReportNotification[] = [];
  // Alerts of the group share the event; this test follows a report job.
  socket.on(EV.notification, (n: ReportNotification) => n.type === 'report' && seen.push(n));
  await new Promise<void>((resolve, reject) => {
    socket.once(EV.authFail, () => reject(new Error('authfail')));
    socket.once(EV.socketRegistered, () => resolve());
    socket.once(EV.authSuccess, () => socket.emit(EV.registerUser, {}));
  });
  return seen;
}

async function until(check: () => boolean, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('three instances behind one address', () => {
  it('serve one signed-in browser whichever instance a call lands on', async () => {
    const demo = await adminSession();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(...(await screenFlow(demo, `rr-${i}`)));
    expect(new Set(answers.map((a) => a.instance))).toEqual(new Set([0, 1, 2]));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // The views written on three instances are one list.
    const list = (await demo.get('views?screen=stock/kpi')).body.data as { name: string }[];
    expect(list.map((v) => v.name)).toEqual(expect.arrayContaining(['rr-0', 'rr-1', 'rr-2']));
  });

  it('a warehouse write on one instance is not hidden by an answer another cached', async () => {
    const demo = await adminSession();
    const grid = 'visibility/keywords?start_date=2000-01-01&end_date=2099-12-31&limit=500';
    type Keyword = { keyword_id: number; is_favourite: number; updated_at: string };
    const rowsOn = async (on: number) =>
      ((await demo.get(grid, { on })).body.data as { rows: Keyword[] }).rows;
    // Every instance answers the grid, and keeps the answer in its result cache.
    const first = await rowsOn(0);
    const keyword = first.find((k) => k.is_favourite === 0)!;
    for (const on of [1, 2]) await rowsOn(on);
    const on = await demo.post(
      'mutate/visibility/setup/favourite',
      { id: keyword.keyword_id, updated_at: keyword.updated_at },
      { on: 0 },
    );
    expect(on.status, on.body.msg).toBe(200);
    // The others hear the write once its message arrives (no round trip per call waits for it).
    for (const other of [1, 2]) {
      const deadline = Date.now() + 5000;
      let row: Keyword | undefined;
      do row = (await rowsOn(other)).find((k) => k.keyword_id === keyword.keyword_id);
      while (row?.is_favourite !== 1 && Date.now() < deadline);
      expect(row?.is_favourite, `instance ${other}`).toBe(1);
    }
  });

  it('a user blocked on one instance is refused on the next call to another', async () => {
    const admin = await adminSession();
    const analyst = await signIn(DEMO_USERS.analyst);
    // Warm every instance's session cache with the analyst's session.
    for (let i = 0; i < 3; i++) expect((await analyst.get('config/areas', { on: i })).status).toBe(200);
    const id = await userId(DEMO_USERS.analyst);
    const blocked = await admin.post('user/changeUserStatus', { user_id: id, status: 'blocked' }, { on: 0 });
    expect(blocked.status, blocked.body.msg).toBe(200);
    for (const i of [1, 2, 0]) expect((await analyst.get('config/areas', { on: i })).status).toBe(401);
  });

  it('a logout on one instance ends the session on the others at once', async () => {
    const demo = await signIn(DEMO);
    const copied = demo.copy();
    for (let i = 0; i < 3; i++) expect((await copied.get('config/areas', { on: i })).status).toBe(200);
    expect((await demo.post('logout', {}, { on: 2 })).status).toBe(200);
    for (const i of [0, 1]) expect((await copied.get('config/areas', { on: i })).status).toBe(401);
  });

  it('a share link revoked on one instance ends its viewer session on the others at once', async () => {
    const demo = await adminSession();
    const created = await demo.post(
      'paxviz/token',
      { view_id: 1, menu_id: 1, menu_name: 'cluster-board', screen: 'stock/kpi' },
      { on: 0 },
    );
    expect(created.status, created.body.msg).toBe(200);
    const { id, token } = created.body.data as { id: number; token: string };
    const opened = await fetchBuffered(`${urls[1]}/api/v1/pax-viz/session`, {
      headers: { 'x-share-token': token },
    });
    expect(opened.status).toBe(200);
    const viewer = opened.headers.get('x-viewer-token')!;
    const asViewer = (i: number) =>
      fetchBuffered(`${urls[i]}/api/v1/processmonitor/sessionvalidity`, {
        headers: { 'x-viewer-token': viewer },
      });
    // Every instance has the viewer session cached before the revocation.
    for (let i = 0; i < 3; i++) expect((await asViewer(i)).status).toBe(200);
    expect((await demo.post('paxviz/token/revoke', { id }, { on: 0 })).status).toBe(200);
    for (const i of [1, 2]) expect((await asViewer(i)).status).toBe(401);
  });

  it("a role changed on one instance limits its users' next call on another at once", async () => {
    const admin = await adminSession();
    const stock = await signIn(DEMO_USERS.stock);
    const screen = (i: number) => stock.get('config/screen?area=stock&screen=data', { on: i });
    for (let i = 0; i < 3; i++) expect((await screen(i)).status).toBe(200);
    const db = new pg.Client({ connectionString: store.url });
    await db.connect();
    let role: { id: number; updated_at: Date };
    let kpiOnly: number[];
    try {
      role = (
        await db.query<{ id: number; updated_at: Date }>(
          "SELECT id, updated_at FROM roles WHERE name = 'Stock Viewer' AND group_id = 1",
        )
      ).rows[0]!;
      kpiOnly = (
        await db.query<{ id: number }>("SELECT id FROM activities WHERE url = 'stock/kpi'")
      ).rows.map((r) => r.id);
    } finally {
      await db.end();
    }
    const edited = await admin.post(
      'mutate/role/roles/edit',
      {
        id: role.id,
        updated_at: role.updated_at.toISOString(),
        group_id: 1,
        name: 'Stock Viewer',
        description: 'Stock KPIs only',
        activity_ids: kpiOnly,
      },
      { on: 0 },
    );
    expect(edited.status, edited.body.msg).toBe(200);
    for (const i of [1, 2]) {
      expect((await screen(i)).status).toBe(403);
      expect((await stock.get('config/screen?area=stock&screen=kpi', { on: i })).status).toBe(200);
    }
  });

  it('a config edit, its drop, or a group overlay saved on one instance is served by all three at once', async () => {
    const staff = await signIn(DEMO_USERS.staff);
    const KPI = 'stock/kpi.screen.json';
    const title = async (client: RoundRobinClient, i: number) => {
      const answer = await client.get('config/screen?area=stock&screen=kpi', { on: i });
      expect(answer.status, answer.body.msg).toBe(200);
      return (answer.body.data as { title: string }).title;
    };
    // Every instance has built its config before the save.
    for (let i = 0; i < 3; i++) expect(await title(staff, i)).toBe('KPI');
    const file = await staff.get(`config/editor/file?path=${encodeURIComponent(KPI)}`, { on: 0 });
    const text = (file.body.data as { text: string }).text;
    const edited = `${JSON.stringify({ ...(JSON.parse(text) as object), title: 'Cluster KPI' }, null, 2)}\n`;
    const saved = await staff.put('config/editor/file', { path: KPI, text: edited }, { on: 0 });
    expect(saved.status, saved.body.msg).toBe(200);
    for (const i of [1, 2, 0]) expect(await title(staff, i)).toBe('Cluster KPI');

    // A group overlay is stored and announced the same way.
    const admin = await adminSession();
    const overlay = { screens: { 'stock/kpi': { title: 'Demo Brands KPI' } } };
    expect((await admin.put('config/overlay', { overlay }, { on: 1 })).status).toBe(200);
    for (const i of [2, 0, 1]) expect(await title(admin, i)).toBe('Demo Brands KPI');

    // Cleared on the third instance, the group is served the global config again everywhere.
    expect((await admin.put('config/overlay', { overlay: {} }, { on: 2 })).status).toBe(200);
    for (const i of [0, 1]) expect(await title(admin, i)).toBe('Cluster KPI');

    // Dropping the stored save on one instance: all three serve the file in git again.
    const dropped = await staff.post('config/editor/drop', { path: KPI }, { on: 1 });
    expect(dropped.status, dropped.body.msg).toBe(200);
    for (const i of [2, 0, 1]) expect(await title(staff, i)).toBe('KPI');
  });

  it('share the per-name sign-in limit through Redis', async () => {
    const client = new RoundRobinClient(urls);
    const name = `nobody-${Date.now()}@example.com`;
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await client.post('authenticate', { username: name, password: 'wrong' })).status);
    // LOGIN_ATTEMPTS_PER_NAME is 4 for the three together: the fifth try is refused.
    expect(statuses.slice(0, 4)).not.toContain(429);
    const refused = await client.post('authenticate', { username: name, password: 'wrong' });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe(MSG.tooMany);
  });

  it('an export started on one instance notifies the user’s sockets on every instance, and no other group', async () => {
    const demo = await adminSession();
    const rival = await signIn('rival@shelfscope.test');
    const mine = await Promise.all(urls.map((url) => registeredSocket(url, demo.cookieHeader())));
    const rivals = await Promise.all(urls.map((url) => registeredSocket(url, rival.cookieHeader())));
    const started = await demo.post(
      'exports',
      { endpoint: 'stock/data/export', params: {}, format: 'csv' },
      { on: 0 },
    );
    expect(started.status, started.body.msg).toBe(200);
    const id = (started.body.data as { id: number }).id;
    const ready = (seen: ReportNotification[]) => seen.filter((n) => n.fileId === id && n.status === 'ready');
    await until(() => mine.every((seen) => ready(seen).length > 0));
    // Each instance relays the worker's event once (the Redis adapter): no duplicates across them.
    for (const seen of mine) expect(ready(seen)).toHaveLength(1);
    expect(rivals.flat()).toEqual([]);
    // The file is downloadable through another instance than the one that took the request.
    expect((await demo.get(`s3/file?id=${id}`, { on: 2 })).status).toBe(200);
  });

  it('stopping one instance mid-run fails no request a retry would not absorb', async () => {
    const demo = await adminSession();
    const failures: string[] = [];
    let done = 0;
    let running = true;
    const worker = async (w: number) => {
      for (let i = 0; running; i++) {
        try {
          const [read, write] = [
            await demo.get('info/getlastcrawltiming'),
            await demo.post('views', { screen: 'stock/kpi', name: `w${w}-${i % 4}`, state: { i } }),
          ];
          for (const a of [read, write]) if (a.status !== 200) failures.push(`${a.status} ${a.body.msg}`);
          done += 2;
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    await new Promise((r) => setTimeout(r, 1500));
    const before = done;
    await servers[2]!.stop();
    await new Promise((r) => setTimeout(r, 2500));
    running = false;
    await Promise.all(workers);
    expect(failures).toEqual([]);
    expect(done).toBeGreaterThan(before + 20);
    expect(demo.retries).toBeGreaterThan(0);
  });
});
