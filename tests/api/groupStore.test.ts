/**
 * Migration 070 and the group repo on the test store (PGlite; PostgreSQL with API_TEST_PG=1), and
 * the demo directory seedStore writes: tenants, staff, mappings, a blocked user, audit history.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthServer, type AuthServer } from './authHarness.js';
import {
  createGroup,
  findGroupByName,
  listGroups,
  updateGroup,
} from '../../src/server/platform/store/groupRepo.js';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(async () => {
  await server.close();
});
const db = () => server.deps.store.db;

describe('groups carry the spec fields (migration 070, groupRepo)', () => {
  it('writes and reads every field, id lists as arrays', async () => {
    const created = await createGroup(db(), {
      group_name: '  Acme Snacks ',
      end_date: '2027-03-31',
      notify_to_email: 'alerts@acme.test',
      account_requested_by: 'Ravi',
      account_manager_name: 'Mia',
      account_manager_email: 'mia@acme.test',
      associate1_name: 'Tom',
      associate1_email: 'tom@acme.test',
      associate2_name: null,
      associate2_email: null,
      task_id: 'T-42',
      comments: 'pilot',
      operation_type: 1,
      channels: [3, 5],
      crawl_types: [3],
      schema_types: [2, 4],
    });
    expect(created).toMatchObject({
      group_name: 'Acme Snacks',
      status: 1,
      task_id: 'T-42',
      channels: [3, 5],
      crawl_types: [3],
      schema_types: [2, 4],
    });
    expect((await findGroupByName(db(), 'ACME snacks'))?.id).toBe(created.id);
    expect(await findGroupByName(db(), 'Acme')).toBeUndefined();
  });

  it('refuses a stale edit and keeps the newer row', async () => {
    const group = await createGroup(db(), { group_name: 'Stale Test', end_date: null });
    const first = await updateGroup(db(), group.id, { comments: 'first', channels: [7] }, group.updated_at);
    expect(first.kind).toBe('updated');
    const second = await updateGroup(db(), group.id, { comments: 'second' }, group.updated_at);
    expect(second.kind).toBe('stale');
    expect(await findGroupByName(db(), 'Stale Test')).toMatchObject({ comments: 'first', channels: [7] });
    expect((await updateGroup(db(), 999_999, { comments: 'x' }, new Date())).kind).toBe('missing');
  });

  it('lists only the groups asked for', async () => {
    expect(await listGroups(db(), [])).toEqual([]);
    expect((await listGroups(db(), [1])).map((g) => g.group_name)).toEqual(['Demo Brands']);
  });
});

describe('demo directory', () => {
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(db())).rows[0]!.n;

  it('seeds five groups, one expired and one ending within a month', async () => {
    const seeded = (await listGroups(db())).filter((g) => g.id <= 5);
    expect(seeded).toHaveLength(5);
    const today = new Date().toISOString().slice(0, 10);
    const inMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(seeded.filter((g) => g.end_date !== null && g.end_date < today).map((g) => g.group_name)).toEqual([
      'Legacy Retail',
    ]);
    expect(
      seeded
        .filter((g) => g.end_date !== null && g.end_date >= today && g.end_date <= inMonth)
        .map((g) => g.group_name),
    ).toEqual(['Northwind Grocers']);
    expect(seeded.find((g) => g.group_name === 'Demo Brands')).toMatchObject({
      channels: [1, 2, 3],
      crawl_types: [0, 4],
    });
  });

  it('seeds 26 users (25 of the groups, one platform staff), each mapped to a group with a role, one blocked', async () => {
    expect(await count(sql`select count(*)::int as n from users`)).toBe(26);
    expect(await count(sql`select count(*)::int as n from users where is_platform_staff`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from users where status = 'blocked'`)).toBe(1);
    const unmapped = sql<{ n: number }>`select count(*)::int as n from users u
      where not exists (select 1 from user_group_roles m where m.user_id = u.id)`;
    expect(await count(unmapped)).toBe(0);
    // Mappings only ever point at a role of the same group.
    const crossed = sql<{ n: number }>`select count(*)::int as n from user_group_roles m
      join roles r on r.id = m.role_id where r.group_id <> m.group_id`;
    expect(await count(crossed)).toBe(0);
  });

  it('keeps the fixed demo logins exactly as before', async () => {
    const mapped = await sql<{ user_name: string; group_name: string; role: string }>`
      select u.user_name, g.group_name, r.name as role from user_group_roles m
      join users u on u.id = m.user_id join groups g on g.id = m.group_id join roles r on r.id = m.role_id
      where u.user_name like '%@shelfscope.test' and u.user_name not like '%.%@%' order by u.id, g.id`.execute(
      db(),
    );
    expect(mapped.rows).toEqual([
      { user_name: 'demo@shelfscope.test', group_name: 'Demo Brands', role: 'Admin' },
      { user_name: 'rival@shelfscope.test', group_name: 'Rival Foods', role: 'Admin' },
      { user_name: 'multi@shelfscope.test', group_name: 'Demo Brands', role: 'Admin' },
      { user_name: 'multi@shelfscope.test', group_name: 'Legacy Retail', role: 'Admin' },
      { user_name: 'stock@shelfscope.test', group_name: 'Demo Brands', role: 'Stock Viewer' },
      { user_name: 'analyst@shelfscope.test', group_name: 'Demo Brands', role: 'Analyst' },
      { user_name: 'staff@shelfscope.test', group_name: 'Demo Brands', role: 'Analyst' },
    ]);
  });

  it('seeds four weeks of audit history with who, when, group, entity and action', async () => {
    const rows = await sql<{ n: number; days: number; groups: number; incomplete: number }>`
      select count(*)::int as n,
        (extract(epoch from max(created_at) - min(created_at)) / 86400)::int as days,
        count(distinct group_id)::int as groups,
        count(*) filter (where actor_user_id is null or group_id is null or entity is null)::int as incomplete
      from audit_log where detail->>'demo' = 'true'`.execute(db());
    expect(rows.rows[0]).toMatchObject({ n: 56, groups: 4, incomplete: 0 });
    expect(rows.rows[0]!.days).toBeGreaterThanOrEqual(21);
  });
});
