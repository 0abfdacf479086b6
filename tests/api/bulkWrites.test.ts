/**
 * Writes on the products screen and bulk actions on ticked grid rows
 * (docs/write-half.md "Bulk actions"). products/data: add a product (with its status), edit its
 * detail and price with the token it read, and tick up to 20 products to favourite them or set
 * their status in one transaction — 21 answer the spec's 'You can select a maximum of 20 products
 * at a time.'. client/clientargs: the same bulk route on a store entity (toggle, delete). Every
 * refusal writes nothing; nothing crosses groups. Runs on both engines (API_TEST_PG=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '../../src/shared/admin/adminMessages.js';
import { PRODUCT_MSG } from '../../src/server/language/entities/productEntity.js';
import { BULK_MSG } from '../../src/server/features/writes/bulkRoute.js';
import { runBulkWarehouse } from '../../src/server/features/writes/runBulkMutation.js';
import type { ResolvedWarehouseMutation } from '../../src/server/features/writes/screenMutation.js';
import { productEntity } from '../../src/server/language/entities/productEntity.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { addTestUser } from '../../src/server/access/auth/testing/addTestUser.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

type Row = Record<string, unknown>;
const ADD = 'mutate/products/data/add';
const DETAIL = 'mutate/products/data/detail';
const PRICE = 'mutate/products/data/price';
const BULK = 'bulk/products/data/productGrid';
const CAP = 'You can select a maximum of 20 products at a time.';
const ALL_DATES = { start_date: '2000-01-01', end_date: '2099-12-31' };

describe('product writes and bulk actions on ticked rows', () => {
  let server: TestServer;
  let demo: ApiClient;
  let rival: ApiClient;
  const names: Record<number, { brand: string; category: string }> = {};

  const query = async <T = Row>(sql: string, params: unknown[] = []) =>
    server.server.app.deps.warehouse.query<T>(sql, params);
  /** The products grid's query as the screen asks it, first page sorted by id. */
  const products = async (client: ApiClient, over: Row = {}): Promise<Row[]> =>
    (await client.get<{ rows: Row[] }>('products', { ...ALL_DATES, limit: 500, ...over })).body.data!.rows;
  const audits = async (action: string) =>
    server.server.app.deps.store.db
      .selectFrom('audit_log')
      .select(['group_id', 'target', 'detail'])
      .where('action', '=', action)
      .execute();
  /** Fingerprint of a group's product rows: any write to them changes it. */
  const snapshot = async (groupId: number) =>
    JSON.stringify(
      await query(
        `SELECT product_id, is_favourite, product_status, mrp, sku_name, updated_at FROM dim_product
         WHERE group_id = $1 ORDER BY product_id`,
        [groupId],
      ),
    );
  const tick = (rows: Row[]) => ({
    rows: rows.map((r) => ({ id: r.product_id, updated_at: r.updated_at })),
  });
  const product = (over: Row = {}): Row => ({
    sku_code: `NEW-${Date.now()}`,
    sku_name: 'Demo Oats 1kg',
    brand_name: names[1]!.brand,
    category_name: names[1]!.category,
    pack_size: '1 kg',
    mrp: 245,
    product_status: 1,
    ...over,
  });

  beforeAll(async () => {
    server = await startTestServer();
    for (const g of [1, 2]) {
      const [n] = await query<{ brand: string; category: string }>(
        `SELECT b.brand_name AS brand, c.category_name AS category FROM dim_product p
         JOIN dim_brand b ON b.brand_id = p.brand_id JOIN dim_category c ON c.category_id = p.category_id
         WHERE p.group_id = $1 AND p.is_competitor = 0 ORDER BY p.product_id LIMIT 1`,
        [g],
      );
      names[g] = n!;
    }
    demo = await signIn(server);
    rival = await signIn(server, DEMO_USERS.rival);
  }, 400_000);

  afterAll(async () => {
    await server?.close();
  });

  it('adds a product with its status: audited, in the products grid at once, in the caller group only', async () => {
    const body = product({ product_status: 0 });
    const added = await demo.post<{ id: number; row: Row }>(ADD, body);
    expect(added.status).toBe(200);
    expect(added.body.msg).toBe('Product Added Successfully');
    const id = added.body.data!.id;
    expect(added.body.data!.row).toMatchObject({
      group_id: 1,
      sku_code: body.sku_code,
      brand_name: names[1]!.brand,
      product_status: 0,
      mapping_status: 2,
    });
    const shown = (await products(demo)).find((r) => r.product_id === id);
    expect(shown).toMatchObject({ sku_name: 'Demo Oats 1kg', product_status: 0, is_competitor: 0 });
    expect((await products(rival)).some((r) => r.product_id === id)).toBe(false);
    const [audit] = (await audits('product.created')).filter((a) => a.target === `product:${id}`);
    expect(audit).toMatchObject({ group_id: 1 });

    // Refusals, each with its message, and nothing written.
    const before = await snapshot(1);
    const cases: [Row, string][] = [
      [product({ sku_code: body.sku_code }), PRODUCT_MSG.duplicateSku],
      [product({ brand_name: names[2]!.brand }), PRODUCT_MSG.unknownBrand], // group 2's brand
      [product({ category_name: 'No Such Category' }), PRODUCT_MSG.unknownCategory],
      [product({ sku_name: '   ' }), 'Product Name can not be empty'],
      [product({ product_status: undefined }), 'Status can not be empty'],
      [product({ product_status: 7 }), 'Status'],
      [product({ mrp: -1 }), 'MRP'],
      [product({ is_favourite: 1 }), 'Unknown field "is_favourite"'],
    ];
    for (const [bad, message] of cases) {
      const answer = await demo.post(ADD, bad);
      expect(answer.status, message).toBe(400);
      expect(answer.body.msg, message).toContain(message);
    }
    expect(await snapshot(1)).toBe(before);
  });

  it('edits detail and price with the token read; stale 409, another group 403', async () => {
    const [first] = await products(demo, { order_by: 'product_id', order_type: 'asc', limit: 1 });
    const id = first!.product_id as number;
    const byRival = await rival.post(PRICE, { id, updated_at: first!.updated_at, mrp: 1 });
    expect(byRival.status).toBe(403);
    expect(byRival.body.msg).toBe(ADMIN_MSG.notInScope);

    const price = await demo.post<{ row: Row; changed: Row }>(PRICE, {
      id,
      updated_at: first!.updated_at,
      mrp: 321.5,
    });
    expect(price.status).toBe(200);
    expect(price.body.msg).toBe('Price Updated Successfully');
    expect(price.body.data!.changed).toMatchObject({ mrp: { after: 321.5 } });
    const token = price.body.data!.row.updated_at;

    const stale = await demo.post(DETAIL, {
      id,
      updated_at: first!.updated_at,
      sku_name: 'Overwrite?',
      pack_size: '1 kg',
      product_status: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(ADMIN_MSG.staleEdit);

    const detail = await demo.post(DETAIL, {
      id,
      updated_at: token,
      sku_name: 'Renamed pack',
      pack_size: '2 x 500 g',
      product_status: 0,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.msg).toBe('Product Updated Successfully');
    expect((await products(demo)).find((r) => r.product_id === id)).toMatchObject({
      sku_name: 'Renamed pack',
      pack_size: '2 x 500 g',
      product_status: 0,
      avg_mrp: 321.5,
    });
  });

  it('favourites ticked products in one transaction; each row audited; the grid shows it at once', async () => {
    const page = await products(demo, { order_by: 'product_id', order_type: 'desc', limit: 20 });
    const ticked = page.slice(0, 3);
    const done = await demo.post<{ count: number; ids: number[] }>(`${BULK}/favourite`, tick(ticked));
    expect(done.status).toBe(200);
    expect(done.body.msg).toBe('Products Marked As Favourite');
    expect(done.body.data).toMatchObject({ count: 3 });
    const after = await products(demo, { order_by: 'product_id', order_type: 'desc', limit: 20 });
    for (const t of ticked)
      expect(after.find((r) => r.product_id === t.product_id)).toMatchObject({ is_favourite: 1 });
    const audited = (await audits('product.edited')).filter((a) =>
      ticked.some((t) => a.target === `product:${String(t.product_id)}`),
    );
    expect(audited).toHaveLength(3);

    // Set In-Active on the same three with the tokens just read; then back.
    const again = await products(demo, { order_by: 'product_id', order_type: 'desc', limit: 3 });
    const off = await demo.post(`${BULK}/deactivate`, tick(again));
    expect(off.status).toBe(200);
    expect(off.body.msg).toBe('Product Status Updated Successfully');
    const offRows = await products(demo, { order_by: 'product_id', order_type: 'desc', limit: 3 });
    expect(offRows.map((r) => r.product_status)).toEqual([0, 0, 0]);
    expect(offRows.map((r) => r.is_favourite)).toEqual([1, 1, 1]);
  });

  it("refuses 21 rows with the spec's message, empty and duplicate lists, a stale or foreign row: nothing written", async () => {
    const page = await products(demo, { order_by: 'product_id', order_type: 'asc', limit: 21 });
    expect(page).toHaveLength(21);
    const [theirs] = await products(rival, { order_by: 'product_id', order_type: 'asc', limit: 1 });
    const before1 = await snapshot(1);
    const before2 = await snapshot(2);

    const tooMany = await demo.post(`${BULK}/favourite`, tick(page));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe(CAP);
    expect((await demo.post(`${BULK}/favourite`, { rows: [] })).body.msg).toBe(BULK_MSG.none);
    const twice = tick([page[0]!, page[0]!]);
    expect((await demo.post(`${BULK}/favourite`, twice)).body.msg).toBe(BULK_MSG.duplicate);
    // The values come from config: a row cannot carry its own.
    const own = { rows: [{ id: page[0]!.product_id, updated_at: page[0]!.updated_at, is_favourite: 0 }] };
    expect((await demo.post(`${BULK}/favourite`, own)).status).toBe(400);
    expect((await demo.post(`${BULK}/nosuch`, tick(page.slice(0, 1)))).status).toBe(404);

    // One of group 2's products among group 1's: 403, and none of the 19 is written.
    const mixed = await demo.post(`${BULK}/favourite`, tick([...page.slice(0, 19), theirs!]));
    expect(mixed.status).toBe(403);
    expect(mixed.body.msg).toBe(ADMIN_MSG.notInScope);
    // Group 2's admin on group 1's rows: 403.
    expect((await rival.post(`${BULK}/favourite`, tick(page.slice(0, 2)))).status).toBe(403);
    // A row changed since it was read: 409 for all of them.
    const stale = tick(page.slice(0, 5));
    stale.rows[4] = { ...stale.rows[4]!, updated_at: 'an-old-token' };
    const conflict = await demo.post(`${BULK}/activate`, stale);
    expect(conflict.status).toBe(409);
    expect(conflict.body.msg).toBe(ADMIN_MSG.staleEdit);

    expect(await snapshot(1)).toBe(before1);
    expect(await snapshot(2)).toBe(before2);

    // Exactly 20 pass.
    const twenty = await demo.post<{ count: number }>(`${BULK}/favourite`, tick(page.slice(0, 20)));
    expect(twenty.status).toBe(200);
    expect(twenty.body.data!.count).toBe(20);
    expect(await snapshot(2)).toBe(before2);
  });

  it('rolls every row back when one changed between the check and the write (the guard statement)', async () => {
    const page = await products(demo, { order_by: 'product_id', order_type: 'asc', limit: 4 });
    const before = await snapshot(1);
    const deps = server.server.app.deps;
    const [{ id: userId }] = (await deps.store.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'demo@shelfscope.test')
      .execute()) as [{ id: number }];
    const screen = deps.config.current().screens.get('products/data')!;
    const lost = page[3]!.product_id;
    // Another write lands after the tokens were checked: the last row's guarded UPDATE matches
    // nothing, as if its token had moved in between.
    const racing = {
      ...productEntity,
      update: async (wh: Parameters<typeof productEntity.update>[0], row: Row, fields: Row, token: string) =>
        row.id === lost
          ? productEntity.update(wh, { ...row, updated_at: 'moved-on' }, fields, token)
          : productEntity.update(wh, row, fields, token),
    };
    const resolved = {
      screen,
      mutation: screen.mutations!.find((m) => m.id === 'status')!,
      permission: screen.permission,
      auth: { userId, groupId: 1 },
      home: 'warehouse',
      repo: racing,
    } as unknown as ResolvedWarehouseMutation;
    const rows = page.map((r) => ({ id: r.product_id as number, updated_at: r.updated_at as string }));
    await expect(
      runBulkWarehouse(deps.store.db, deps.warehouse, resolved, rows, { product_status: 0 }),
    ).rejects.toThrow(ADMIN_MSG.staleEdit);
    expect(await snapshot(1)).toBe(before);
  });

  it('sets a category rank threshold (catg/threshold) with the token read; the category grid shows it', async () => {
    const THRESHOLD = 'mutate/category/kpi/threshold';
    const categories = async (client: ApiClient) =>
      (await client.get<{ rows: Row[] }>('catg/classification', { ...ALL_DATES, limit: 100 })).body.data!
        .rows;
    const [first] = await categories(demo);
    expect(first).toMatchObject({ rank_threshold: 10, updated_at: '' });
    const id = first!.category_id;
    const stored = async () =>
      JSON.stringify(
        await query('SELECT category_id, rank_threshold, updated_at FROM dim_category ORDER BY 1'),
      );
    const before = await stored();
    for (const [body, message] of [
      [{ id, updated_at: '' }, 'Rank Threshold can not be empty'],
      [{ id, updated_at: '', rank_threshold: 0 }, 'Rank Threshold'],
      [{ id, updated_at: '', rank_threshold: 101 }, 'Rank Threshold'],
      [{ id, updated_at: 'old', rank_threshold: 5 }, ADMIN_MSG.staleEdit],
    ] as [Row, string][]) {
      const answer = await demo.post(THRESHOLD, body);
      expect(answer.status, message).toBeGreaterThanOrEqual(400);
      expect(answer.body.msg, message).toContain(message);
    }
    expect((await rival.post(THRESHOLD, { id, updated_at: '', rank_threshold: 3 })).status).toBe(403);
    expect(await stored()).toBe(before);

    const set = await demo.post<{ row: Row }>(THRESHOLD, { id, updated_at: '', rank_threshold: 5 });
    expect(set.status).toBe(200);
    expect(set.body.msg).toBe('Threshold Updated Successfully');
    const shown = (await categories(demo)).find((r) => r.category_id === id);
    expect(shown).toMatchObject({ rank_threshold: 5, updated_at: set.body.data!.row.updated_at });
    const [audit] = (await audits('category.edited')).filter((a) => a.target === `category:${String(id)}`);
    expect(audit).toMatchObject({ group_id: 1 });
  });

  it('sets a product detection status (5 Invalid, 6 Pending, 7 Completed, 8 In Progress) on detection/all', async () => {
    const STATUS = 'mutate/detection/all/detectionStatus';
    const detection = async (client: ApiClient) =>
      (await client.get<{ rows: Row[] }>('detection/all', { ...ALL_DATES, limit: 200 })).body.data!.rows;
    const rows = await detection(demo);
    expect(new Set(rows.map((r) => r.detection_status))).toEqual(new Set([6])); // every product starts Pending
    const first = rows[0]!;
    const id = first.product_id;
    const before = await snapshot(1);
    expect((await demo.post(STATUS, { id, updated_at: first.updated_at, detection_status: 4 })).status).toBe(
      400,
    );
    expect((await demo.post(STATUS, { id, updated_at: first.updated_at })).body.msg).toBe(
      'Detection Status can not be empty',
    );
    expect((await rival.post(STATUS, { id, updated_at: first.updated_at, detection_status: 8 })).status).toBe(
      403,
    );
    expect(await snapshot(1)).toBe(before);

    const set = await demo.post(STATUS, { id, updated_at: first.updated_at, detection_status: 8 });
    expect(set.status).toBe(200);
    expect(set.body.msg).toBe('Detection Status Updated Successfully');
    // One status per product: every channel's row of it shows In Progress, no other product moved.
    const after = await detection(demo);
    const mine = after.filter((r) => r.product_id === id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.detection_status === 8)).toBe(true);
    expect(after.filter((r) => r.product_id !== id).every((r) => r.detection_status === 6)).toBe(true);
    expect((await detection(rival)).every((r) => r.detection_status === 6)).toBe(true);
  });

  it('runs a bulk toggle and delete on a store entity (client/clientargs) in one transaction', async () => {
    const ids: number[] = [];
    for (const key of ['bulk_a', 'bulk_b', 'bulk_c']) {
      const made = await demo.post<{ id: number }>('mutate/client/clientargs/create', {
        arg_key: `${key}_${Date.now()}`,
        arg_value: '1',
      });
      expect(made.status).toBe(200);
      ids.push(made.body.data!.id);
    }
    const read = async (client: ApiClient) =>
      (
        await client.get<{ rows: Row[] }>('rows/client/clientargs/groupArg', { limit: 500 })
      ).body.data!.rows.filter((r) => ids.includes(r.id as number));
    const rows = await read(demo);
    const sent = { rows: rows.map((r) => ({ id: r.id, updated_at: r.updated_at })) };

    expect((await rival.post('bulk/client/clientargs/args/status', sent)).status).toBe(403);
    const stale = {
      rows: sent.rows.map((r, i) => (i === 2 ? { ...r, updated_at: '2001-01-01T00:00:00.000Z' } : r)),
    };
    expect((await demo.post('bulk/client/clientargs/args/status', stale)).status).toBe(409);
    expect((await read(demo)).map((r) => r.status)).toEqual(rows.map((r) => r.status));

    const toggled = await demo.post('bulk/client/clientargs/args/status', sent);
    expect(toggled.status).toBe(200);
    const after = await read(demo);
    expect(after.map((r) => r.status)).toEqual(rows.map((r) => (r.status === 1 ? 0 : 1)));
    const [audit] = (await audits('groupArg.toggled')).filter((a) => a.target === `groupArg:${ids[0]!}`);
    expect(audit).toMatchObject({ group_id: 1 });

    const removed = await demo.post('bulk/client/clientargs/args/remove', {
      rows: after.map((r) => ({ id: r.id, updated_at: r.updated_at })),
    });
    expect(removed.status).toBe(200);
    expect(removed.body.msg).toBe('Deleted Successfully');
    expect(await read(demo)).toEqual([]);
  });

  it('blocks and unblocks ticked users (user/users) in one transaction, one audit entry per user', async () => {
    type UserRow = { id: number; user_name: string; status: string; updated_at: string };
    const picked: string[] = [DEMO_USERS.analyst, DEMO_USERS.stock];
    const read = async () =>
      (await demo.get<{ rows: UserRow[] }>('rows/user/users/user', { limit: 500 })).body.data!.rows.filter(
        (r) => picked.includes(r.user_name),
      );
    const tick = (rows: UserRow[]) => ({ rows: rows.map((r) => ({ id: r.id, updated_at: r.updated_at })) });
    const before = await read();
    expect(before.map((r) => r.status)).toEqual(['active', 'active']);

    // Another tenant's admin, and a stale token on one row: nothing written.
    expect((await rival.post('bulk/user/users/users/block', tick(before))).status).toBe(403);
    const stale = tick(before);
    stale.rows[1]!.updated_at = '2001-01-01T00:00:00.000Z';
    expect((await demo.post('bulk/user/users/users/block', stale)).status).toBe(409);
    expect((await read()).map((r) => r.status)).toEqual(['active', 'active']);

    const blocked = await demo.post('bulk/user/users/users/block', tick(before));
    expect(blocked.status).toBe(200);
    expect(blocked.body.msg).toBe('Users blocked');
    const after = await read();
    expect(after.map((r) => r.status)).toEqual(['blocked', 'blocked']);
    const entries = (await audits('user.edited')).filter((a) =>
      before.some((r) => a.target === `user:${r.id}`),
    );
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.group_id === 1)).toBe(true);

    const unblocked = await demo.post('bulk/user/users/users/unblock', tick(after));
    expect(unblocked.status).toBe(200);
    expect((await read()).map((r) => r.status)).toEqual(['active', 'active']);
  });

  it('resends verification and changes the role of ticked users (user/users): one transaction, audited per user', async () => {
    const db = server.server.app.deps.store.db;
    const stamp = Date.now();
    const pending: { id: number; name: string }[] = [];
    for (const n of [1, 2])
      pending.push(
        await addTestUser(db, {
          name: `pending${n}-${stamp}@example.com`,
          password: null,
          role: 'Admin',
          firstName: 'Pending',
          lastName: String(n),
        }),
      );
    const rows = (users: { id: number }[]) => ({ rows: users.map((u) => ({ id: u.id, updated_at: '' })) });
    const tokens = async () =>
      (
        await db
          .selectFrom('tokens')
          .select('user_id')
          .where('purpose', '=', 'activation')
          .where(
            'user_id',
            'in',
            pending.map((u) => u.id),
          )
          .execute()
      ).length;
    const [analyst] = await db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', DEMO_USERS.analyst)
      .execute();

    // Another tenant's admin, a verified user among them, a row twice: nothing sent.
    expect((await rival.post('user/resendVerification/bulk', rows(pending))).status).toBe(404);
    const withVerified = await demo.post('user/resendVerification/bulk', rows([...pending, analyst!]));
    expect(withVerified.status).toBe(400);
    expect(withVerified.body.msg).toBe(`${DEMO_USERS.analyst} is already verified.`);
    expect((await demo.post('user/resendVerification/bulk', rows([pending[0]!, pending[0]!]))).status).toBe(
      400,
    );
    expect(await tokens()).toBe(0);
    const sent = await demo.post('user/resendVerification/bulk', rows(pending));
    expect(sent.status).toBe(200);
    expect(sent.body.msg).toBe('Verification mails sent');
    expect(await tokens()).toBe(2);
    const sentAudits = (await audits('user.activation_sent')).filter((a) =>
      pending.some((u) => a.target === `user:${u.id}`),
    );
    expect(sentAudits.map((a) => a.group_id)).toEqual([1, 1]);

    // One role for both, in the caller's group; the rival's role or the caller's own row refused.
    const roleOf = async (userId: number) =>
      (
        await db
          .selectFrom('user_group_roles as m')
          .innerJoin('roles as r', 'r.id', 'm.role_id')
          .select('r.name')
          .where('m.user_id', '=', userId)
          .where('m.group_id', '=', 1)
          .executeTakeFirstOrThrow()
      ).name;
    const [target] = await db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('group_id', '=', 1)
      .where('name', '!=', 'Admin')
      .orderBy('id')
      .execute();
    const [rivalRole] = await db.selectFrom('roles').select('id').where('group_id', '=', 2).execute();
    const [me] = await db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'demo@shelfscope.test')
      .execute();
    expect((await demo.post('user/bulkRole', { ...rows(pending), role_id: rivalRole!.id })).status).toBe(404);
    expect((await rival.post('user/bulkRole', { ...rows(pending), role_id: rivalRole!.id })).status).toBe(
      404,
    );
    const own = await demo.post('user/bulkRole', { ...rows([...pending, me!]), role_id: target!.id });
    expect(own.status).toBe(400);
    expect(own.body.msg).toBe('You can not change your own role.');
    expect([await roleOf(pending[0]!.id), await roleOf(pending[1]!.id)]).toEqual(['Admin', 'Admin']);
    const changed = await demo.post('user/bulkRole', { ...rows(pending), role_id: target!.id });
    expect(changed.status).toBe(200);
    expect([await roleOf(pending[0]!.id), await roleOf(pending[1]!.id)]).toEqual([
      target!.name,
      target!.name,
    ]);
    const roleAudits = await db
      .selectFrom('audit_log')
      .select(['group_id', 'detail'])
      .where('action', '=', 'user.edited')
      .where(
        'target',
        'in',
        pending.map((u) => `user:${u.id}`),
      )
      .execute();
    expect(roleAudits).toHaveLength(2);
    for (const a of roleAudits) {
      expect(a.group_id).toBe(1);
      const detail = (typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail) as Row;
      expect(detail).toEqual({ before: { role: 'Admin' }, after: { role: target!.name } });
    }
  });

  it('sets ticked report mailers Active or In-Active (report/reportmailer): one transaction, audited per mailer', async () => {
    const made: number[] = [];
    for (const n of [1, 2]) {
      const res = await demo.post<{ id: number }>('report-mailers/save', {
        name: `Bulk ${n} ${Date.now()}`,
        reportType: 'stock/data/export',
        recipients: ['buyer@example.com'],
        cron: '0 9 * * 1',
        timeZone: 'UTC',
      });
      made.push(res.body.data!.id);
    }
    const rows = { rows: made.map((id) => ({ id, updated_at: '' })) };
    const statuses = async () =>
      (await demo.get<{ rows: { id: number; status: string }[] }>('report-mailers/rows', { limit: 100 })).body
        .data!.rows.filter((r) => made.includes(r.id))
        .map((r) => r.status);
    expect(await statuses()).toEqual(['Active', 'Active']);
    expect((await rival.post('report-mailers/bulk-status', { ...rows, status: 'In-Active' })).status).toBe(
      404,
    );
    expect((await demo.post('report-mailers/bulk-status', { ...rows, status: 'Paused' })).status).toBe(400);
    expect(await statuses()).toEqual(['Active', 'Active']);
    const off = await demo.post('report-mailers/bulk-status', { ...rows, status: 'In-Active' });
    expect(off.status).toBe(200);
    expect(await statuses()).toEqual(['In-Active', 'In-Active']);
    const entries = (await audits('reportMailer.toggled')).filter((a) =>
      made.some((id) => a.target === `reportMailer:${id}`),
    );
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.group_id === 1)).toBe(true);
    expect((await demo.post('report-mailers/bulk-status', { ...rows, status: 'Active' })).status).toBe(200);
    expect(await statuses()).toEqual(['Active', 'Active']);
  });
});
