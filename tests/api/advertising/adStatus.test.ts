/**
 * The ad load-state screens (processmonitor/ams_status, ams_brand_status, display_status) and the
 * AMS schema screen (processmonitor/ams_schema) over the real server and the demo tenant (both
 * engines with API_TEST_PG=1): tiles equal the grid totals, the counts equal raw SQL, and the
 * screen's writes answer the spec's messages, write nothing when refused and stay in the group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../src/server/demo/seedStore.js';
import { signIn } from '../support/signIn.js';
import { lastDays, num, startMarket, sum, type Market, type Row } from '../invariants/market.js';

const close = (a: number, b: number, tolerance = 0.05) =>
  expect(Math.abs(a - b)).toBeLessThanOrEqual(tolerance);

describe('ad load-state screens', () => {
  let m: Market;
  beforeAll(async () => {
    m = await startMarket(42);
  }, 600_000);
  afterAll(async () => m?.close());
  const stats = async (endpoint: string, params: Record<string, string | number>): Promise<Row> =>
    (await m.rows(endpoint, params)).rows[0]!;
  const raw = async (sql: string, params: unknown[]) =>
    (await m.server.server.app.deps.warehouse.query<Record<string, number | string>>(sql, params))[0]!;

  it('AMS status: tiles equal the day grid totals and the raw rows of fact_ad_daily', async () => {
    const period = lastDays(m, 15);
    const tiles = await stats('ams/status/stats', period);
    const days = await m.allRows('ams/status/days', period);
    expect(new Set(days.map((r) => r.channel_name))).toEqual(new Set(['Amazon', 'Flipkart']));
    expect(num(tiles, 'ad_rows')).toBe(sum(days, 'ad_rows'));
    close(num(tiles, 'spend'), sum(days, 'spend'));
    expect(num(tiles, 'ad_days')).toBe(new Set(days.map((r) => r.ad_date)).size);
    expect(num(tiles, 'ad_days')).toBe(15);
    // An account reports on one channel: the day's accounts never exceed the period's.
    for (const r of days) expect(num(r, 'ad_accounts')).toBeLessThanOrEqual(num(tiles, 'ad_accounts'));
    const db = await raw(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT ms_brand_id) AS accounts, COUNT(DISTINCT campaign_id) AS campaigns
         FROM fact_ad_daily WHERE group_id = $1 AND ad_date >= $2 AND ad_date <= $3`,
      [1, period.start_date, period.end_date],
    );
    expect(num(tiles, 'ad_rows')).toBe(Number(db.n));
    expect(num(tiles, 'ad_accounts')).toBe(Number(db.accounts));
    expect(num(tiles, 'ad_campaigns')).toBe(Number(db.campaigns));
    // The chart's series are the grid's rows, per day and channel.
    const trend = (await m.rows('ams/status/trend', period)).rows;
    expect(sum(trend, 'ad_rows')).toBe(sum(days, 'ad_rows'));
  });

  it('AMS brand status: one grid row per ad account, adding up to the tiles', async () => {
    const period = lastDays(m, 15);
    const tiles = await stats('ams/brandStatus/stats', period);
    const accounts = (await m.rows('ams/brandStatus/accounts', period)).rows;
    expect(accounts.length).toBe(num(tiles, 'ad_accounts'));
    expect(new Set(accounts.map((r) => r.ms_brand_id)).size).toBe(accounts.length);
    expect(sum(accounts, 'ad_rows')).toBe(num(tiles, 'ad_rows'));
    close(num(tiles, 'spend'), sum(accounts, 'spend'));
    for (const r of accounts) {
      expect(typeof r.profile_name).toBe('string');
      expect(num(r, 'ad_days')).toBeLessThanOrEqual(num(tiles, 'ad_days'));
    }
    // The heatmap's cells (account x day) add up to the same rows; every account has all 15 days.
    const cells = (await m.rows('ams/brandStatus/days', period)).rows;
    expect(sum(cells, 'ad_rows')).toBe(num(tiles, 'ad_rows'));
    expect(cells.length).toBe(sum(accounts, 'ad_days'));
    // Filtered to one channel, only that channel's accounts remain.
    const amazon = (await m.rows('ams/brandStatus/accounts', { ...period, ams_channel_id: 1 })).rows;
    expect(amazon.length).toBeGreaterThan(0);
    expect(amazon.length).toBeLessThan(accounts.length);
    expect(new Set(amazon.map((r) => r.channel_name))).toEqual(new Set(['Amazon']));
  });

  it('display status: tiles equal the day grid totals and raw fact_display_daily', async () => {
    const period = lastDays(m, 30);
    const tiles = await stats('display/status/stats', period);
    const days = await m.allRows('display/status/days', period);
    expect(days.length).toBeGreaterThan(0);
    expect(num(tiles, 'ad_rows')).toBe(sum(days, 'ad_rows'));
    close(num(tiles, 'spend'), sum(days, 'spend'));
    close(num(tiles, 'impressions'), sum(days, 'impressions'), 0.5);
    expect(num(tiles, 'ad_days')).toBe(new Set(days.map((r) => r.ad_date)).size);
    const db = await raw(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT ro_id) AS ros FROM fact_display_daily
        WHERE group_id = $1 AND ad_date >= $2 AND ad_date <= $3`,
      [1, period.start_date, period.end_date],
    );
    expect(num(tiles, 'ad_rows')).toBe(Number(db.n));
    expect(num(tiles, 'ro_count')).toBe(Number(db.ros));
  });

  it('AMS schema screen: refuses with the spec messages, creates, edits and lists per group', async () => {
    const CREATE = 'mutate/processmonitor/ams_schema/create';
    const EDIT = 'mutate/processmonitor/ams_schema/edit';
    const ROWS = 'rows/processmonitor/ams_schema/amsSchema';
    const store = m.server.server.app.deps.store.db;
    const count = async () => (await store.selectFrom('ams_schemas').select('id').execute()).length;
    const before = await count();
    const body = { ams_channel_id: 1, name: 'Amazon SP report', ams_model: '{"campaign":"string"}' };
    const refused = async (extra: Record<string, unknown>) => {
      const r = await m.client.post(CREATE, { ...body, ...extra });
      expect(r.status).toBe(400);
      return r.body.msg;
    };
    expect(await refused({ ams_model: '' })).toBe('Cannot Submit Empty AMS Model');
    expect(await refused({ ams_model: '{}' })).toBe('Cannot Submit Empty AMS Model');
    expect(await refused({ ams_model: '{"campaign":' })).toBe('AMS Model Is Not A Valid JSON');
    expect(await refused({ ams_model: '[1,2]' })).toBe('AMS Model Is Not A Valid JSON');
    expect(await refused({ channel_target: '{target' })).toBe('Channel Target Object Is Not A Valid JSON');
    expect(await refused({ name: ' ' })).toBe('Name can not be empty');
    expect(await count()).toBe(before);

    const created = await m.client.post<{ id: number; row: Row }>(CREATE, {
      ...body,
      channel_target: '{"profile":"sp"}',
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('AMS Schema Inserted Successfully');
    const id = created.body.data!.id;
    const page = async (client = m.client) =>
      (await client.get<{ rows: Row[]; total: number }>(ROWS, { limit: 50 })).body.data!;
    const mine = (await page()).rows.find((r) => r.id === id)!;
    expect(mine).toMatchObject({ name: 'Amazon SP report', model_keys: 1, has_target: 'Yes' });
    expect(mine.ams_model).toBe('{\n  "campaign": "string"\n}');

    const edit = (extra: Record<string, unknown>, updatedAt = mine.updated_at) =>
      m.client.post(EDIT, {
        id,
        updated_at: updatedAt,
        name: 'Amazon SP',
        ams_model: '{"a":1,"b":2}',
        ...extra,
      });
    expect((await edit({ ams_model: 'nope' })).body.msg).toBe('AMS Model Is Not A Valid JSON');
    const edited = await edit({ channel_target: '' });
    expect(edited.status).toBe(200);
    expect(edited.body.msg).toBe('AMS Schema Updated Successfully');
    const after = (await page()).rows.find((r) => r.id === id)!;
    expect(after).toMatchObject({ name: 'Amazon SP', model_keys: 2, has_target: 'No' });
    // The edit read before it is stale now.
    expect((await edit({})).status).toBe(409);
    const audited = await store
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'amsSchema.%')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['amsSchema.created', 'amsSchema.edited']);
    // The spec's list route reads the same rows.
    const listed = await m.client.get<{ id: number }[]>('amsSchema/list');
    expect(listed.body.data!.map((r) => r.id)).toContain(id);

    // Another group's admin neither sees nor edits it; the analyst may not open the screen.
    const rival = await signIn(m.server, DEMO_USERS.rival);
    expect((await page(rival)).rows.map((r) => r.id)).not.toContain(id);
    const theirEdit = await rival.post(EDIT, {
      id,
      updated_at: after.updated_at,
      name: 'x',
      ams_model: '{"x":1}',
    });
    expect(theirEdit.status).toBe(403);
    const analyst = await signIn(m.server, DEMO_USERS.analyst);
    expect((await analyst.get(ROWS)).status).toBe(403);
    expect((await analyst.get('ams/status/stats', lastDays(m, 7))).status).toBe(403);
  });

  it('advertising_beta / advertisingpg: base screens under their own activity, through the base endpoints', async () => {
    const period = lastDays(m, 7);
    const base = await stats('ams/kpi/stats', period);
    expect(await stats('ams/kpi/stats', { ...period, screenName: 'advertising_beta/kpi' })).toEqual(base);
    const config = await m.client.get<{ area: string; id: string; permission: string; title: string }>(
      'config/screen',
      {
        area: 'advertisingpg',
        screen: 'advertising_analysis',
      },
    );
    expect(config.body.data).toMatchObject({
      area: 'advertisingpg',
      id: 'advertising_analysis',
      permission: 'advertisingpg/advertising_analysis',
    });
    // Not a tab of advertisingpg: no such screen.
    expect((await m.client.get('config/screen', { area: 'advertisingpg', screen: 'buy_box' })).status).toBe(
      404,
    );

    // A role holding only the variant's activity reads through it, and only when the call names it.
    const store = m.server.server.app.deps.store.db;
    const { role_id: roleId } = await store
      .selectFrom('user_group_roles as ugr')
      .innerJoin('users as u', 'u.id', 'ugr.user_id')
      .select('ugr.role_id')
      .where('u.user_name', '=', DEMO_USERS.stock)
      .executeTakeFirstOrThrow();
    const activity = await store
      .selectFrom('activities')
      .select('id')
      .where('url', '=', 'advertising_beta/kpi')
      .executeTakeFirstOrThrow();
    await store.insertInto('role_activities').values({ role_id: roleId, activity_id: activity.id }).execute();
    const stock = await signIn(m.server, DEMO_USERS.stock);
    const as = (screenName?: string) =>
      stock.get('ams/kpi/stats', { ...period, ...(screenName ? { screenName } : {}) }).then((r) => r.status);
    expect(await as('advertising_beta/kpi')).toBe(200);
    expect(await as()).toBe(403);
    expect(await as('advertising/kpi')).toBe(403);
    expect(await as('advertisingpg/kpi')).toBe(403);
    // A screen of the variant that does not own this endpoint cannot lend its name to it.
    expect(await as('advertising_beta/keyword_analysis')).toBe(403);
    // The grid's export job is checked the same way.
    const exportAs = async (screenName?: string) =>
      (
        await stock.post('exports', {
          endpoint: 'ams/kpi/brands/export',
          params: { ...period, ...(screenName ? { screenName } : {}) },
        })
      ).status;
    expect(await exportAs('advertising_beta/kpi')).toBe(200);
    expect(await exportAs()).toBe(403);
  });
});
