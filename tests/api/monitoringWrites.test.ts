/**
 * Single-row writes on monitoring screens as config mutations on warehouse entities
 * (docs/write-half.md "Warehouse entities"): a promotion plan added and edited on promo/plan, a
 * keyword favourited and edited (pages 1–6) on visibility/setup. Each write is audited, shows in
 * the screen's query at once, refuses a stale token, and stays in the caller's group. Runs on
 * both engines (API_TEST_PG=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '../../src/shared/admin/adminMessages.js';
import { PROMO_PLAN_MSG } from '../../src/server/language/entities/promoPlanEntity.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

type Row = Record<string, unknown>;
const ADD = 'mutate/promo/plan/add';
const EDIT = 'mutate/promo/plan/edit';
const FAVOURITE = 'mutate/visibility/setup/favourite';
const EDIT_KEYWORD = 'mutate/visibility/setup/edit';
const MARCH = { start_date: '2027-03-01', end_date: '2027-03-31' };

describe('single-row writes on monitoring screens', () => {
  let server: TestServer;
  let demo: ApiClient;
  let rival: ApiClient;
  const sku: Record<number, string> = {};
  const keywordId: Record<number, number> = {};

  const query = async <T = Row>(sql: string, params: unknown[] = []) =>
    server.server.app.deps.warehouse.query<T>(sql, params);
  const plans = async (client: ApiClient): Promise<Row[]> =>
    (await client.get<{ rows: Row[] }>('promotion/planning', { ...MARCH, limit: 50 })).body.data!.rows;
  const audits = async (action: string) =>
    server.server.app.deps.store.db
      .selectFrom('audit_log')
      .select(['group_id', 'target', 'detail'])
      .where('action', '=', action)
      .execute();
  const plan = (over: Row = {}): Row => ({
    channel_name: 'Amazon',
    sku_code: sku[1],
    mechanic: 'Flat Discount',
    offer_text: 'Flat 15% off',
    plan_price: 199,
    start_date: '2027-03-05',
    end_date: '2027-03-12',
    ...over,
  });

  beforeAll(async () => {
    server = await startTestServer();
    for (const g of [1, 2]) {
      const [p] = await query<{ sku_code: string }>(
        'SELECT sku_code FROM dim_product WHERE group_id = $1 ORDER BY product_id LIMIT 1',
        [g],
      );
      sku[g] = p!.sku_code;
      const [k] = await query<{ keyword_id: number }>(
        'SELECT MIN(keyword_id) AS keyword_id FROM dim_keyword WHERE group_id = $1',
        [g],
      );
      keywordId[g] = k!.keyword_id;
    }
    demo = await signIn(server);
    rival = await signIn(server, DEMO_USERS.rival);
  }, 400_000);

  afterAll(async () => {
    await server?.close();
  });

  it('adds a promotion plan: audited, in the plan grid at once, in the caller group only', async () => {
    const added = await demo.post<{ id: number; row: Row }>(ADD, plan());
    expect(added.status).toBe(200);
    expect(added.body.msg).toBe('Promotion Added Successfully');
    const id = added.body.data!.id;
    expect(added.body.data!.row).toMatchObject({ group_id: 1, sku_code: sku[1], promo_state: 'planning' });

    const shown = (await plans(demo)).find((r) => r.plan_id === id);
    expect(shown).toMatchObject({ sku_code: sku[1], mechanic: 'Flat Discount', offer_text: 'Flat 15% off' });
    expect(shown!.updated_at).toBe(added.body.data!.row.updated_at);
    expect((await plans(rival)).some((r) => r.plan_id === id)).toBe(false);

    const [audit] = (await audits('promoPlan.created')).filter((a) => a.target === `promoPlan:${id}`);
    expect(audit).toMatchObject({ group_id: 1 });

    // The rival's own add lands in group 2 and never in group 1's grid.
    const theirs = await rival.post<{ id: number }>(ADD, plan({ sku_code: sku[2] }));
    expect(theirs.status).toBe(200);
    const [{ g }] = (await query<{ g: number }>(
      'SELECT group_id AS g FROM dim_promo_plan WHERE plan_id = $1',
      [theirs.body.data!.id],
    )) as [{ g: number }];
    expect(g).toBe(2);
    expect((await plans(demo)).some((r) => r.plan_id === theirs.body.data!.id)).toBe(false);
  });

  it('refuses bad plans with their message and writes nothing', async () => {
    const [{ n: before }] = (await query<{ n: number }>(
      'SELECT COUNT(*)::INTEGER AS n FROM dim_promo_plan',
    )) as [{ n: number }];
    const cases: [Row, string][] = [
      [plan({ mechanic: undefined }), 'Mechanic can not be empty'],
      [plan({ offer_text: '  ' }), 'Offer Text can not be empty'],
      [plan({ end_date: '2027-03-01' }), PROMO_PLAN_MSG.datesOrder],
      [plan({ sku_code: sku[2] }), PROMO_PLAN_MSG.unknownSku], // group 2's product
      [plan({ plan_id: 1 }), 'Unknown field "plan_id"'],
    ];
    for (const [body, message] of cases) {
      const answer = await demo.post(ADD, body);
      expect(answer.status, message).toBe(400);
      expect(answer.body.msg).toContain(message);
    }
    const [{ n: after }] = (await query<{ n: number }>(
      'SELECT COUNT(*)::INTEGER AS n FROM dim_promo_plan',
    )) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('edits a plan with the token it read; a stale token or another group is refused', async () => {
    const added = await demo.post<{ id: number; row: Row }>(
      ADD,
      plan({ start_date: '2027-03-20', end_date: '2027-03-25' }),
    );
    const { id, row } = added.body.data!;
    const edit = {
      id,
      updated_at: row.updated_at,
      mechanic: 'Coupon',
      offer_text: 'Extra 5% coupon',
      start_date: '2027-03-20',
      end_date: '2027-03-28',
    };

    const byRival = await rival.post(EDIT, edit);
    expect(byRival.status).toBe(403);
    expect(byRival.body.msg).toBe(ADMIN_MSG.notInScope);

    const saved = await demo.post<{ changed: Row; row: Row }>(EDIT, edit);
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('Promotion Updated Successfully');
    expect(saved.body.data!.changed).toMatchObject({
      mechanic: { before: 'Flat Discount', after: 'Coupon' },
      end_date: { before: '2027-03-25', after: '2027-03-28' },
    });
    expect((await plans(demo)).find((r) => r.plan_id === id)).toMatchObject({
      mechanic: 'Coupon',
      offer_text: 'Extra 5% coupon',
    });

    // The same body again carries the token read before the save: someone else changed the row.
    const stale = await demo.post(EDIT, { ...edit, offer_text: 'Overwrite?' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(ADMIN_MSG.staleEdit);
    const [stored] = await query<{ offer_text: string }>(
      'SELECT offer_text FROM dim_promo_plan WHERE plan_id = $1',
      [id],
    );
    expect(stored!.offer_text).toBe('Extra 5% coupon');
    const [audit] = (await audits('promoPlan.edited')).filter((a) => a.target === `promoPlan:${id}`);
    const detail: unknown = audit!.detail;
    expect(typeof detail === 'string' ? JSON.parse(detail) : detail).toMatchObject({
      before: { offer_text: 'Flat 15% off' },
      after: { offer_text: 'Extra 5% coupon' },
    });
  });

  it('favourites a keyword and sets its pages; the visibility grid shows both at once', async () => {
    const id = keywordId[1]!;
    const keywordRow = async (client: ApiClient) =>
      (
        await client.get<{ rows: Row[] }>('visibility/keywords', {
          start_date: '2000-01-01',
          end_date: '2099-12-31',
          limit: 500,
        })
      ).body.data!.rows.find((r) => r.keyword_id === id);
    const first = await keywordRow(demo);
    expect(first).toMatchObject({ is_favourite: 0, search_pages: 1, updated_at: '' });

    const on = await demo.post<{ row: Row }>(FAVOURITE, { id, updated_at: '' });
    expect(on.status).toBe(200);
    const shown = await keywordRow(demo);
    expect(shown).toMatchObject({ is_favourite: 1, updated_at: on.body.data!.row.updated_at });

    const tooMany = await demo.post(EDIT_KEYWORD, {
      id,
      updated_at: shown!.updated_at,
      keyword_type: 'Generic',
      search_pages: 7,
    });
    expect(tooMany.status).toBe(400);
    const pages = await demo.post(EDIT_KEYWORD, {
      id,
      updated_at: shown!.updated_at,
      keyword_type: 'Generic',
      search_pages: 3,
    });
    expect(pages.status).toBe(200);
    expect(pages.body.msg).toBe('Keyword Updated Successfully');
    expect(await keywordRow(demo)).toMatchObject({
      is_favourite: 1,
      search_pages: 3,
      keyword_type: 'Generic',
    });

    // Group 2 cannot touch group 1's keyword, nor does its own favourite reach group 1.
    expect(
      (await rival.post(FAVOURITE, { id, updated_at: (await keywordRow(demo))!.updated_at })).status,
    ).toBe(403);
    expect((await rival.post(FAVOURITE, { id: keywordId[2], updated_at: '' })).status).toBe(200);
    const [{ n }] = (await query<{ n: number }>(
      'SELECT COUNT(*)::INTEGER AS n FROM dim_keyword WHERE is_favourite = 1 AND group_id = 1',
    )) as [{ n: number }];
    expect(n).toBe(1);
    expect((await audits('keyword.toggled')).map((a) => a.group_id).sort()).toEqual([1, 2]);
  });
});
