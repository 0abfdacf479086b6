/**
 * A channel profile's politeness (pages at once, requests per second) is a setting brand
 * ops change on Channel Profile, and the crawler's queue honours it: a crawl of N pages at R
 * requests a second needs at least ceil(N / R) - 1 seconds of fetching, and not much more than
 * ceil(N / R). The site is every group's, so the setting is the channel's: platform staff set it
 * on every group's profile of the channel (docs/principals.md); bounds checked; audited per group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { signIn, signInDemoRivalAnalyst } from './support/signIn.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { PLATFORM_ACTION_REFUSED } from '../../src/shared/admin/adminActivities.js';
import type { ApiClient } from './support/apiClient.js';
import { finishedRun } from './support/crawlRunPoll.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;
let staff: ApiClient;

interface Run {
  id: number;
  status: number;
  status_name: string;
  pages_total: number;
  fetch_ms: number;
}
interface Profile {
  id: number;
  channel_id: number;
  concurrency: number;
  requests_per_second: number;
}

const PUT = 'channelprofile/politeness';

beforeAll(async () => {
  // Four sign-ins from one address: past the per-address login limit.
  server = await startTestServer({ LOGIN_RATE_PER_ADDRESS: '0' });
  [[demo, rival, analyst], staff] = await Promise.all([
    signInDemoRivalAnalyst(server),
    signIn(server, DEMO_USERS.staff),
  ]);
}, 300_000);

afterAll(() => server?.close());

async function crawl(client: ApiClient): Promise<{ run: Run; inProgressSeen: boolean }> {
  const id = (await client.post<Run>('processmonitor/crawl/trigger', { channel_id: 61 })).body.data!.id;
  let inProgressSeen = false;
  const run = await finishedRun<Run>(client, id, {
    onRun: (r) => {
      if (r.status === 1) inProgressSeen = true;
    },
  });
  return { run, inProgressSeen };
}

const blinkit = async (client: ApiClient) =>
  (await client.get<Profile[]>('channelprofile/list')).body.data!.find((p) => p.channel_id === 61)!;

describe('crawl politeness of a channel profile', () => {
  it('a crawl at a few requests a second takes the time the setting asks for', async () => {
    const fast = await crawl(demo);
    expect(fast.run.status_name).toBe('Success');
    const pages = fast.run.pages_total;
    expect(pages).toBeGreaterThan(50);

    // Three one-second windows' worth of requests per window: the fetch spans at least 2 s.
    const perSecond = Math.ceil(pages / 3);
    const saved = await staff.put<Profile>(PUT, {
      channel_id: 61,
      concurrency: 4,
      requests_per_second: perSecond,
    });
    expect([saved.status, saved.body.msg]).toEqual([200, 'Channel Profile Updated Successfully']);
    expect(await blinkit(demo)).toMatchObject({ concurrency: 4, requests_per_second: perSecond });

    const polite = await crawl(demo);
    expect(polite.run.status_name).toBe('Success');
    expect(polite.run.pages_total).toBe(pages);
    expect(polite.inProgressSeen).toBe(true);
    expect(polite.run.fetch_ms).toBeGreaterThanOrEqual((Math.ceil(pages / perSecond) - 1) * 1000);
    // And no slower than the setting asks: the windows it needs, plus twice the unthrottled
    // fetch (slow pages, 429 retries, a loaded machine) and 1.5 s of slack. A queue that held
    // requests longer (a per-page pause, a window per concurrency slot) would take 10 s or more.
    expect(polite.run.fetch_ms).toBeLessThanOrEqual(
      Math.ceil(pages / perSecond) * 1000 + 2 * fast.run.fetch_ms + 1500,
    );

    const [entry] = await server.server.app.deps.store.db
      .selectFrom('audit_log')
      .select(['detail', 'group_id'])
      .where('entity', '=', 'channelProfile')
      .where('group_id', '=', 1)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(entry!.group_id).toBe(1);
    const detail: unknown = typeof entry!.detail === 'string' ? JSON.parse(entry!.detail) : entry!.detail;
    expect(detail).toEqual({
      before: { concurrency: 8, requests_per_second: 400 },
      after: { concurrency: 4, requests_per_second: perSecond },
    });

    await staff.put(PUT, { channel_id: 61, concurrency: 8, requests_per_second: 400 });
  }, 120_000);

  it("sets every group's profile of the channel; bounds are a 400; group admins and the analyst get 403", async () => {
    for (const client of [demo, rival, analyst]) {
      const refused = await client.put(PUT, { channel_id: 61, concurrency: 2, requests_per_second: 5 });
      expect([refused.status, refused.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.politeness]);
    }
    const saved = await staff.put(PUT, { channel_id: 61, concurrency: 2, requests_per_second: 5 });
    expect(saved.status).toBe(200);
    expect(await blinkit(demo)).toMatchObject({ concurrency: 2, requests_per_second: 5 });
    expect(await blinkit(rival)).toMatchObject({ concurrency: 2, requests_per_second: 5 });
    await staff.put(PUT, { channel_id: 61, concurrency: 8, requests_per_second: 400 });

    for (const body of [
      { channel_id: 61, concurrency: 0, requests_per_second: 10 },
      { channel_id: 61, concurrency: 65, requests_per_second: 10 },
      { channel_id: 61, concurrency: 4, requests_per_second: 0 },
      { channel_id: 61, concurrency: 4, requests_per_second: 1001 },
      { channel_id: 61, concurrency: 4 },
      { channel_id: 61, concurrency: 4, requests_per_second: 2.5 },
    ])
      expect((await staff.put(PUT, body)).status).toBe(400);
    expect((await staff.put(PUT, { channel_id: 999, concurrency: 4, requests_per_second: 5 })).status).toBe(
      404,
    );
    expect(await blinkit(demo)).toMatchObject({ concurrency: 8, requests_per_second: 400 });
  });
});
