/**
 * Deleting an uploaded month (a channel sales slice) can be undone for UPLOAD_UNDO_MINUTES: the
 * rows wait in the warehouse's hold table, the analyst screen's figures come back exactly, and
 * delete and restore land in Client Logs with the group; each, like a load, sends the load event
 * for that group only, so its cases and alerts are evaluated. Runs on both engines (API_TEST_PG=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { CHANNEL_SALES, SALES_HEADER, uploadFile, XLSX_MIME, xlsxOf } from './support/uploadClient.js';
import { CASES_QUEUE } from '../../src/server/features/cases/caseJobs.js';
import { EVALUATE_QUEUE } from '../../src/server/features/alerts/alertJobs.js';
import type { LoadEvent } from '../../src/server/platform/jobs/jobEvents.js';

interface Deleted {
  rows: number;
  undo_id: number;
  expires_at: string;
}

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let channelId: number;
let month: string;
let rows: unknown[][];

const query = <T>(sql: string, params: unknown[] = []) =>
  server.server.app.deps.warehouse.query<T>(sql, params);
const slice = () => JSON.stringify({ channel_id: channelId, sale_date: month });
const isSlice = (s: { slice: unknown }) => {
  const v = s.slice as { channel_id: number; sale_date: string };
  return v.channel_id === channelId && v.sale_date === month;
};
const remove = () => demo.raw('DELETE', `${CHANNEL_SALES}/slices?slice=${encodeURIComponent(slice())}`);
const restore = (client: ApiClient, undoId: number) =>
  client.post(`${CHANNEL_SALES}/slices/restore`, { undo_id: undoId });
const upload = async () =>
  uploadFile(demo, CHANNEL_SALES, {
    name: 'sales.xlsx',
    type: XLSX_MIME,
    bytes: await xlsxOf(SALES_HEADER, rows),
  });
/** The Sales KPI screen's figures for the channel and month. */
const figures = async () => {
  const end = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
  const res = await demo.get('sales/kpi/stats', {
    start_date: `${month}-01`,
    end_date: end,
    channel_id: channelId,
  });
  expect(res.status).toBe(200);
  return res.body.data;
};
/**
 * The same figures: numbers within 1e-12 of each other (the warehouse adds in parallel, in any
 * order, so a sum may differ in its last bits), everything else equal.
 */
function expectSameFigures(actual: unknown, expected: unknown, path = 'figures'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    expect(Math.abs(actual - expected), path).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));
  } else if (expected && typeof expected === 'object') {
    expect(actual && typeof actual === 'object', path).toBe(true);
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    expect(Object.keys(a).sort(), path).toEqual(Object.keys(e).sort());
    for (const key of Object.keys(e)) expectSameFigures(a[key], e[key], `${path}.${key}`);
  } else expect(actual, path).toEqual(expected);
}
/**
 * Per evaluation queue (cases, alerts), the groups given an evaluation since `since`: a job queued
 * since, or, for the demo group, one still waiting (a waiting job folds a new one into itself and
 * reads the facts when it runs).
 */
const evaluatedAfter = async (since: Date) => {
  const boss = server.server.app.deps.jobs!.boss;
  const groups = async (queue: string) => {
    const found = new Set<number>();
    for (const job of await boss.findJobs(queue)) {
      const { groupId } = job.data as { groupId: number };
      if (job.createdOn >= since || (groupId === 1 && job.state === 'created')) found.add(groupId);
    }
    return [...found].sort();
  };
  return { cases: await groups(CASES_QUEUE), alerts: await groups(EVALUATE_QUEUE) };
};
const auditOf = (action: string) =>
  server.server.app.deps.store.db
    .selectFrom('audit_log')
    .select(['group_id', 'actor_user_id', 'detail'])
    .where('action', '=', action)
    .execute();

beforeAll(async () => {
  server = await startTestServer();
  [demo, rival] = await Promise.all([signIn(server), signIn(server, 'rival@shelfscope.test')]);
  const [latest] = await query<{ ch: number; m: string }>(
    `SELECT channel_id AS ch, SUBSTRING(CAST(MAX(sale_date) AS VARCHAR), 1, 7) AS m FROM fact_sales
     WHERE group_id = 1 GROUP BY channel_id ORDER BY channel_id LIMIT 1`,
  );
  channelId = latest!.ch;
  month = latest!.m;
  const products = await query<{ c: string; sku: string }>(
    `SELECT c.channel_name AS c, p.sku_code AS sku FROM dim_product p, dim_channel c
     WHERE p.group_id = 1 AND c.channel_id = $1 ORDER BY p.sku_code LIMIT 3`,
    [channelId],
  );
  rows = products.map((p, i) => [p.c, `${month}-0${i + 1}`, p.sku, 700 + i, 7000 + i]);
  expect((await upload()).body.msg).toBe('3 rows loaded.');
}, 300_000);

afterAll(async () => server?.close());

describe('delete and undo of an uploaded month', () => {
  it('deletes the month, then restores it: the analyst figures come back exactly, both audited with the group', async () => {
    const before = await figures();
    const res = await remove();
    expect(res.status).toBe(200);
    const deleted = (JSON.parse(res.text()) as { data: Deleted }).data;
    expect(deleted.rows).toBe(3);
    const minutes = (Date.parse(deleted.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(server.env.UPLOAD_UNDO_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(server.env.UPLOAD_UNDO_MINUTES);
    expect(await figures()).not.toEqual(before);
    const listed = await demo.get<{ slice: unknown }[]>(`${CHANNEL_SALES}/slices`);
    expect(listed.body.data!.filter(isSlice)).toEqual([]);

    // Another tenant cannot use the undo.
    expect((await restore(rival, deleted.undo_id)).status).toBe(404);

    const restored = await restore(demo, deleted.undo_id);
    expect(restored.status).toBe(200);
    expect(restored.body.msg).toBe('Restored');
    expectSameFigures(await figures(), before);
    const again = await demo.get<{ slice: unknown; rows: number }[]>(`${CHANNEL_SALES}/slices`);
    expect(again.body.data!.find(isSlice)?.rows).toBe(3);
    expect((await restore(demo, deleted.undo_id)).status).toBe(404);

    for (const action of ['upload.deleteSlice', 'upload.restoreSlice', 'upload.loaded'])
      expect(await auditOf(action), action).toContainEqual(expect.objectContaining({ group_id: 1 }));
  });

  it('a delete and its undo each send the load event for that group: its cases and alerts evaluate', async () => {
    const events = server.server.app.deps.jobs!.events;
    const loads: LoadEvent[] = [];
    const heard = (event: LoadEvent) => loads.push(event);
    events.on('load', heard);
    try {
      const deletedAt = new Date();
      const deleted = (JSON.parse((await remove()).text()) as { data: Deleted }).data;
      expect(loads).toEqual([{ groupId: 1, source: 'upload.deleteSlice' }]);
      await expect.poll(() => evaluatedAfter(deletedAt)).toEqual({ cases: [1], alerts: [1] });

      const restoredAt = new Date();
      expect((await restore(demo, deleted.undo_id)).status).toBe(200);
      expect(loads.slice(1)).toEqual([{ groupId: 1, source: 'upload.restoreSlice' }]);
      await expect.poll(() => evaluatedAfter(restoredAt)).toEqual({ cases: [1], alerts: [1] });
    } finally {
      events.off('load', heard);
    }
  });

  it('refuses an undo over a month uploaded again since', async () => {
    const deleted = (JSON.parse((await remove()).text()) as { data: Deleted }).data;
    await upload();
    const res = await restore(demo, deleted.undo_id);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(
      'This slice was uploaded again after the delete; the deleted rows cannot be put back over it.',
    );
  });

  it('refuses an undo past its time, and drops its held rows at the next delete', async () => {
    const deleted = (JSON.parse((await remove()).text()) as { data: Deleted }).data;
    const held = () =>
      query<{ n: number }>('SELECT COUNT(*) AS n FROM upload_undo_fact_sales WHERE undo_id = $1', [
        deleted.undo_id,
      ]);
    expect(Number((await held())[0]!.n)).toBe(3);
    await server.server.app.deps.store.db
      .updateTable('upload_undos')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', deleted.undo_id)
      .execute();
    const res = await restore(demo, deleted.undo_id);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The time to undo this delete has passed.');
    await upload();
    expect((await remove()).status).toBe(200);
    expect(Number((await held())[0]!.n)).toBe(0);
  });
});
