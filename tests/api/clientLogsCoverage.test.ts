/**
 * Client Logs holds every kind of write with its group, newest first (rows/client/clientlogs):
 * crawl starts, crawl timings, a share link, a member's password change — written by features
 * and by the account code — each filterable by action. Upload and model-schema entries are
 * checked where they are made (uploadUndo.test.ts, crawlRuns.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser } from '../../src/server/access/auth/testing/addTestUser.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

interface Log {
  id: number;
  created_at: string;
  user_name: string;
  group_name: string | null;
  action: string;
}
type Page = { rows: Log[]; total: number };
const LOGS = 'rows/client/clientlogs/auditEntry';
const PASSWORD = 'Demo@2026!';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  [demo, rival] = await Promise.all([signIn(server), signIn(server, 'rival@shelfscope.test')]);
}, 240_000);
afterAll(async () => server?.close());

describe('client logs cover every write, with its group, newest first', () => {
  it('lists crawl starts, crawl timings, share links and password changes of the group', async () => {
    const started = await demo.post<{ id: number }>('processmonitor/crawl/trigger', {
      channel_id: 61,
      crawl_type: 3,
    });
    expect(started.status).toBe(200);
    const timing = await demo.post<{ id: number }>('crawl/timings', {
      channel_id: 61,
      cron: '15 6 * * *',
    });
    expect(timing.status).toBe(200);
    expect((await demo.post('crawl/timings/status', { id: timing.body.data!.id })).status).toBe(200);
    const link = await demo.post('paxviz/token', {
      view_id: 0,
      menu_id: 0,
      menu_name: 'stock-kpi',
      screen: 'stock/kpi',
    });
    expect(link.status).toBe(200);
    const member = await addTestUser(server.server.app.deps.store.db, {
      name: `logs-${process.pid}@example.com`,
      password: PASSWORD,
      role: 'Admin',
      firstName: 'Log',
      lastName: 'Member',
    });
    const client = await signIn(server, member.name, PASSWORD);
    const changed = await client.post('change/password', {
      current_password: PASSWORD,
      password: 'Changed@2027',
      confirm_password: 'Changed@2027',
    });
    expect(changed.status).toBe(200);

    // The grid's unsorted call reads newest first.
    const page = (await demo.get<Page>(LOGS, { limit: 200 })).body.data!;
    const times = page.rows.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The server's first case-rule run writes 'case.opened' entries of the group in the
    // background; under load they land among this test's writes, so pick this test's kinds out
    // of the newest page rather than counting on them being the first six. That run writes 58
    // entries on the test tenant: a page of 20 once held only three of this test's five (a
    // clean-clone CI run), so the page has room for all of them.
    const kinds = [
      'crawl.started',
      'crawlTiming.added',
      'crawlTiming.status',
      'share_link.created',
      'password.changed',
    ];
    const ours = page.rows.filter((r) => kinds.includes(r.action));
    expect(ours.map((r) => r.action)).toEqual(expect.arrayContaining(kinds));
    expect(new Set(ours.map((r) => r.group_name))).toEqual(new Set(['Demo Brands']));
    expect(ours.find((r) => r.action === 'password.changed')!.user_name).toBe(member.name);

    // Filtered by action kind; another tenant sees none of it.
    const crawls = (await demo.get<Page>(LOGS, { action: 'crawl.started' })).body.data!;
    expect(crawls.total).toBeGreaterThan(0);
    expect(new Set(crawls.rows.map((r) => r.action))).toEqual(new Set(['crawl.started']));
    const theirs = (await rival.get<Page>(LOGS, { limit: 500 })).body.data!;
    expect(theirs.rows.map((r) => r.user_name)).not.toContain(member.name);
    expect(theirs.rows.filter((r) => r.action === 'crawl.started')).toEqual([]);
  });
});
