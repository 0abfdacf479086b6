import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { DEMO, login, startAuthServer, type AuthServer } from './authHarness.js';
import { createGroup } from '../../src/server/platform/store/groupRepo.js';
import { makeGroupAdmin } from '../../src/server/language/entities/groupEntity.js';
import type { ApiClient } from './support/apiClient.js';

/**
 * The manage-users form (docs/product-spec.md §2 "A manage-users form (tag input of usernames)
 * exists for groups", §7 `group/user/add`): existing users of the caller's groups mapped to one
 * group with one role — as config on client/clients (lookups + the `groupMember` mutation) and
 * as the spec's route, on the real server and store (PGlite, or PostgreSQL with API_TEST_PG=1).
 */
let server: AuthServer;
let admin: ApiClient;
let rival: ApiClient;
let groupId: number;
let adminRole: number;

const product = loadConfigSnapshot('screens');
const ADD = 'mutate/client/clients/addUsers';
const LOOKUP = 'lookup/client/clients/addUsers';
const db = () => server.deps.store.db;

const userId = async (name: string) =>
  (await db().selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;
const mapped = (user: number, group: number) =>
  db()
    .selectFrom('user_group_roles')
    .select(['role_id', 'status'])
    .where('user_id', '=', user)
    .where('group_id', '=', group)
    .executeTakeFirst();
const mappingCount = async () =>
  Number(
    (
      await db()
        .selectFrom('user_group_roles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  server = await startAuthServer();
  const fixed = server.config.current();
  const screens = new Map(fixed.screens);
  screens.set('client/clients', product.screens.get('client/clients')!);
  const snapshot = { ...fixed, screens };
  server.config.current = () => snapshot;
  admin = await login(server);
  rival = await login(server, DEMO_USERS.rival, undefined, 2);
  // A second group of the demo admin's, its Admin (made in the store: groups are staff's to create).
  groupId = (
    await createGroup(db(), { group_name: `Members ${Date.now()}`, end_date: '2030-12-31', channels: [1] })
  ).id;
  await makeGroupAdmin(db(), groupId, await userId(DEMO));

  adminRole = (
    await db()
      .selectFrom('roles')
      .select('id')
      .where('group_id', '=', groupId)
      .where('name', '=', 'Admin')
      .executeTakeFirstOrThrow()
  ).id;
}, 240_000);
afterAll(async () => {
  await server?.close();
});

describe('manage users (client/clients as config)', () => {
  it("offers the caller's users minus the group's members, and the group's roles", async () => {
    const users = await admin.get<{ value: number; label: string }[]>(`${LOOKUP}/users`, { parent: groupId });
    expect(users.status).toBe(200);
    const names = users.body.data!.map((u) => u.label);
    expect(names).toContain(DEMO_USERS.analyst);
    expect(names).not.toContain('demo@shelfscope.test'); // already the new group's Admin
    expect(names).not.toContain(DEMO_USERS.rival); // another tenant's user
    const roles = await admin.get<{ value: number }[]>(`${LOOKUP}/roles`, { parent: groupId });
    expect(roles.body.data!.map((r) => r.value)).toContain(adminRole);
    // Another tenant's group is not a parent the caller may look into.
    expect((await rival.get(`${LOOKUP}/users`, { parent: groupId })).status).toBe(403);
  });

  it('maps picked users to the group with the role, audited; a second time is refused', async () => {
    const analyst = await userId(DEMO_USERS.analyst);
    const body = { group_id: groupId, role_id: adminRole, user_ids: [analyst] };
    const res = await admin.post(ADD, body);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Success');
    expect(await mapped(analyst, groupId)).toEqual({ role_id: adminRole, status: true });
    const entry = await db()
      .selectFrom('audit_log')
      .select(['action', 'group_id', 'detail'])
      .where('action', '=', 'groupMember.created')
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    expect(entry).toBeTruthy();
    const again = await admin.post(ADD, body);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('Group is already mapped with a role');
  });

  it("refuses the form's bad bodies with its messages, and other tenants' users or groups, writing nothing", async () => {
    const before = await mappingCount();
    const rivalUser = await userId(DEMO_USERS.rival);
    const stock = await userId(DEMO_USERS.stock);
    const refusals: [ApiClient, Record<string, unknown>, number, string?][] = [
      [
        admin,
        { group_id: groupId, role_id: adminRole, user_ids: [] },
        400,
        'User Name is a required attribute.',
      ],
      [admin, { group_id: groupId, user_ids: [stock] }, 400, 'Role is a required attribute.'],
      [admin, { role_id: adminRole, user_ids: [stock] }, 400, 'Please Select Group'],
      // A role of another group, a user of another tenant (with one of ours), a group of another tenant.
      [admin, { group_id: groupId, role_id: 1, user_ids: [stock] }, 400],
      [admin, { group_id: groupId, role_id: adminRole, user_ids: [stock, rivalUser] }, 403],
      [rival, { group_id: groupId, role_id: adminRole, user_ids: [rivalUser] }, 403],
      // Hostile: unknown field, wrong type, 10,000 ids.
      [admin, { group_id: groupId, role_id: adminRole, user_ids: [stock], extra: 1 }, 400],
      [admin, { group_id: 'x', role_id: adminRole, user_ids: [stock] }, 400],
      [
        admin,
        { group_id: groupId, role_id: adminRole, user_ids: Array.from({ length: 10_000 }, (_, i) => i + 1) },
        400,
      ],
    ];
    for (const [client, body, status, msg] of refusals) {
      const res = await client.post(ADD, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(status);
      if (msg) expect(res.body.msg).toBe(msg);
    }
    expect(await mappingCount()).toBe(before);
  });
});

describe('group/user/add (the spec path)', () => {
  it('maps users in one transaction and answers the envelope; refuses what the form refuses', async () => {
    const stock = await userId(DEMO_USERS.stock);
    const multi = await userId(DEMO_USERS.multi);
    const res = await admin.post('group/user/add', {
      group_id: groupId,
      role_id: adminRole,
      user_ids: [stock, multi],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      statusCode: 1,
      msg: 'Success',
      data: { group_id: groupId, user_ids: [stock, multi] },
    });
    expect(await mapped(stock, groupId)).toBeTruthy();
    expect(await mapped(multi, groupId)).toBeTruthy();
    const before = await mappingCount();
    const rivalUser = await userId(DEMO_USERS.rival);
    for (const [client, body, status] of [
      [admin, { group_id: groupId, role_id: adminRole, user_ids: [stock] }, 400],
      [admin, { group_id: groupId, role_id: adminRole, user_ids: [] }, 400],
      [admin, { group_id: groupId, role_id: adminRole, user_ids: [rivalUser] }, 403],
      [rival, { group_id: 1, role_id: 1, user_ids: [rivalUser] }, 403],
      [admin, { group_id: groupId, role_id: adminRole, user_ids: [stock], userName: 'x' }, 400],
    ] as const) {
      expect((await client.post('group/user/add', body)).status, JSON.stringify(body)).toBe(status);
    }
    expect(await mappingCount()).toBe(before);
  });
});
