import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '../../src/shared/admin/adminMessages.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { createGroup } from '../../src/server/platform/store/groupRepo.js';
import { makeGroupAdmin } from '../../src/server/language/entities/groupEntity.js';
import { DEMO, linkFor, login, startAuthServer, type AuthServer } from './authHarness.js';
import type { ApiClient } from './support/apiClient.js';

/**
 * The user and role screens as config (docs/admin.md "As config") on the generic write routes:
 * the product's screens/user and screens/role files, against the real server and store (PGlite,
 * or PostgreSQL with API_TEST_PG=1). Group 1 Demo Brands (demo admin, analyst), group 2 Rival
 * Foods (its own admin).
 */
let server: AuthServer;
let admin: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;

const SCREENS = ['user/users', 'user/createuser', 'user/blocked', 'role/roles', 'role/createrole'];
const product = loadConfigSnapshot('screens');

beforeAll(async () => {
  server = await startAuthServer();
  const fixed = server.config.current();
  const screens = new Map(fixed.screens);
  for (const key of SCREENS) screens.set(key, product.screens.get(key)!);
  const snapshot = { ...fixed, screens };
  server.config.current = () => snapshot;
  admin = await login(server);
  rival = await login(server, DEMO_USERS.rival, undefined, 2);
  analyst = await login(server, DEMO_USERS.analyst);
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.deps.store.db;
const count = async (table: 'users' | 'roles' | 'user_group_roles' | 'audit_log' | 'role_activities') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const counts = async () => ({
  users: await count('users'),
  roles: await count('roles'),
  mappings: await count('user_group_roles'),
  grants: await count('role_activities'),
  audit: await count('audit_log'),
});
const roleId = async (groupId: number, name: string) =>
  (
    await db()
      .selectFrom('roles')
      .select('id')
      .where('group_id', '=', groupId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;
const userByName = (name: string) =>
  db().selectFrom('users').selectAll().where('user_name', '=', name).executeTakeFirstOrThrow();
const token = async (table: 'users' | 'roles', id: number) => {
  const row = await db()
    .selectFrom(table)
    .select('updated_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, updated_at: row.updated_at.toISOString() };
};
const activityIds = async (...urls: string[]) =>
  (await db().selectFrom('activities').select('id').where('url', 'in', urls).execute()).map((a) => a.id);

const CREATE_USER = 'mutate/user/createuser/create';
const EDIT_USER = 'mutate/user/users/edit';
const USER_STATUS = 'mutate/user/users/status';
const CREATE_ROLE = 'mutate/role/createrole/create';
const EDIT_ROLE = 'mutate/role/roles/edit';
const DELETE_ROLE = 'mutate/role/roles/delete';

const newUser = (name: string, roleIdValue: number, extra: object = {}) => ({
  first_name: 'Nia',
  last_name: 'New',
  user_name: name,
  mappings: [{ group_id: 1, role_id: roleIdValue, status: true, is_new_entry: true }],
  ...extra,
});

describe('user/createuser', () => {
  it('creates a user with a group -> role mapping, audited, mails the activation link; the user signs in', async () => {
    const name = `screen.${Date.now()}@acme.test`;
    const res = await admin.post<{ id: number }>(
      CREATE_USER,
      newUser(name.toUpperCase(), await roleId(1, 'Analyst')),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 1, msg: 'Success' });
    const user = await userByName(name);
    expect(user).toMatchObject({ first_name: 'Nia', verified: false, password_hash: null });
    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `user:${user.id}`)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'user.created', entity: 'user', group_id: 1 });
    const { token: verify } = linkFor(server, name, 'verify_token');
    const set = await server.client().post('user/update', {
      password: 'Start@2026',
      confirm_password: 'Start@2026',
      verify_token: verify,
    });
    expect(set.body.msg).toBe('Password Updated Successfully!!');
    const menu = await (await login(server, name, 'Start@2026')).get<{ activityList: string[] }>('user/menu');
    expect(menu.body.activityList ?? menu.body.data!.activityList).toContain('stock/kpi');
  });

  it("refuses each of the spec's bad user bodies sent past the form, with its message, writing nothing", async () => {
    const role = await roleId(1, 'Analyst');
    const before = await counts();
    const one = { group_id: 1, role_id: role };
    const cases: [object, string][] = [
      [newUser('a@acme.test', role, { first_name: ' ' }), ADMIN_MSG.firstNameRequired],
      [newUser('not-mail', role), ADMIN_MSG.userNameEmail],
      [newUser('a@acme.test', role, { user_name: undefined }), ADMIN_MSG.userNameEmail],
      [newUser('a@acme.test', role, { mappings: [] }), ADMIN_MSG.mapGroup],
      [newUser('a@acme.test', role, { mappings: [one, { ...one, status: false }] }), ADMIN_MSG.groupMapped],
      [newUser(DEMO_USERS.stock, role), ADMIN_MSG.userNameTaken],
      // A role of another group, a group of another tenant.
      [
        newUser('a@acme.test', role, { mappings: [{ group_id: 1, role_id: await roleId(2, 'Admin') }] }),
        'role_id',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post(CREATE_USER, body);
      expect(res.status, message).toBe(400);
      expect(res.body.msg).toContain(message);
    }
    const foreign = await admin.post(
      CREATE_USER,
      newUser('b@acme.test', role, { mappings: [{ group_id: 2, role_id: await roleId(2, 'Admin') }] }),
    );
    expect(foreign.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses hostile bodies with 400, never 500, writing nothing', async () => {
    const role = await roleId(1, 'Analyst');
    const before = await counts();
    const many = Array.from({ length: 10_000 }, () => ({ group_id: 1, role_id: role }));
    const hostile: object[] = [
      newUser('h@acme.test', role, { is_admin: true }),
      newUser('h@acme.test', role, { first_name: 42 }),
      newUser('h@acme.test', role, { mappings: many }),
      newUser('h@acme.test', role, { last_name: 'x'.repeat(1_000_000) }),
      newUser('h@acme.test', role, { mappings: [{ group_id: 1, role_id: role, sql: 'drop table users' }] }),
      newUser('h@acme.test', role, { mappings: [{ group_id: '1 or 1=1', role_id: role }] }),
      newUser('h@acme.test', role, { mappings: 'not a list' }),
    ];
    for (const body of hostile) expect((await admin.post(CREATE_USER, body)).status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe('user/users and user/blocked', () => {
  it('reads the users of the caller’s groups only, with their mappings there', async () => {
    const mine = await admin.get<{
      rows: { user_name: string; group_roles: string; updated_at: string }[];
      total: number;
    }>('rows/user/users/user', { limit: 500 });
    expect(mine.status).toBe(200);
    const names = mine.body.data!.rows.map((r) => r.user_name);
    expect(names).toContain(DEMO_USERS.analyst);
    expect(names).not.toContain(DEMO_USERS.rival);
    expect(mine.body.data!.rows.every((r) => !r.group_roles.includes('Rival Foods'))).toBe(true);
    const theirs = await rival.get<{ rows: { user_name: string }[] }>('rows/user/users/user', { limit: 500 });
    expect(theirs.body.data!.rows.map((r) => r.user_name)).not.toContain(DEMO_USERS.analyst);
    expect((await admin.get('rows/user/users/user', { order_by: 'mappings' })).status).toBe(400);
  });

  it('edits names and mappings (user name locked), refuses a second active role, and a stale edit', async () => {
    const name = `edit.${Date.now()}@acme.test`;
    const analystRole = await roleId(1, 'Analyst');
    await admin.post(CREATE_USER, newUser(name, analystRole));
    const user = await userByName(name);
    const read = await token('users', user.id);
    const stockOnly = (
      await db()
        .selectFrom('roles')
        .select('id')
        .where('group_id', '=', 1)
        .where('name', '!=', 'Analyst')
        .where('name', '!=', 'Admin')
        .executeTakeFirstOrThrow()
    ).id;
    const twoActive = await admin.post(EDIT_USER, {
      ...read,
      first_name: 'Nia',
      user_name: name,
      mappings: [
        { group_id: 1, role_id: analystRole, status: true },
        { group_id: 1, role_id: stockOnly, status: true, is_new_entry: true },
      ],
    });
    expect(twoActive.status).toBe(400);
    expect(twoActive.body.msg).toBe(ADMIN_MSG.groupMappedActive);
    const ok = await admin.post<{ changed: Record<string, unknown> }>(EDIT_USER, {
      ...read,
      first_name: 'Nina',
      last_name: 'Renamed',
      user_name: 'hijack@acme.test',
      mappings: [{ group_id: 1, role_id: stockOnly, status: true }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.msg).toBe('Success');
    const after = await userByName(name);
    expect(after).toMatchObject({ first_name: 'Nina', last_name: 'Renamed', user_name: name });
    const mapping = await db()
      .selectFrom('user_group_roles')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(mapping.map((m) => m.role_id)).toEqual([stockOnly]);
    // The same read token again: the row moved since, nothing is overwritten.
    const stale = await admin.post(EDIT_USER, {
      ...read,
      first_name: 'Old',
      user_name: name,
      mappings: [{ group_id: 1, role_id: analystRole }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(ADMIN_MSG.staleEdit);
    expect((await userByName(name)).first_name).toBe('Nina');
    expect(
      await db()
        .selectFrom('audit_log')
        .select('action')
        .where('target', '=', `user:${user.id}`)
        .orderBy('id')
        .execute(),
    ).toEqual([{ action: 'user.created' }, { action: 'user.edited' }]);
  });

  it('blocks and unblocks through the status toggle (blocked grid follows), never yourself', async () => {
    const target = await userByName(DEMO_USERS.stock);
    const block = await admin.post<{ row: { status: string } }>(USER_STATUS, await token('users', target.id));
    expect(block.status).toBe(200);
    expect(block.body.data!.row.status).toBe('blocked');
    const blocked = await admin.get<{ rows: { user_name: string; status: string }[] }>(
      'rows/user/blocked/user',
      {
        limit: 500,
      },
    );
    expect(blocked.body.data!.rows.map((r) => r.user_name)).toContain(DEMO_USERS.stock);
    expect(blocked.body.data!.rows.every((r) => r.status === 'blocked')).toBe(true);
    const unblock = await admin.post('mutate/user/blocked/unblock', await token('users', target.id));
    expect(unblock.status).toBe(200);
    expect((await userByName(DEMO_USERS.stock)).status).toBe('active');
    const me = await userByName(DEMO);
    const self = await admin.post(USER_STATUS, await token('users', me.id));
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe(ADMIN_MSG.blockSelf);
    expect((await userByName(DEMO)).status).toBe('active');
  });

  it('refuses unmapping the last admin of a group', async () => {
    const me = await userByName(DEMO);
    const group = await createGroup(db(), { group_name: `Solo ${Date.now()}`, end_date: null });
    await makeGroupAdmin(db(), group.id, me.id);
    const before = await counts();
    const res = await admin.post(EDIT_USER, {
      ...(await token('users', me.id)),
      first_name: 'Demo',
      user_name: DEMO,
      mappings: [{ group_id: group.id, role_id: await roleId(group.id, 'Admin'), status: false }],
    });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(ADMIN_MSG.lastAdmin);
    expect(await counts()).toEqual(before);
  });
});

describe('role/createrole and role/roles', () => {
  it("creates and edits a role with activities, with the spec's messages, and deletes it once unused", async () => {
    const acts = await activityIds('stock/kpi', 'price/kpi');
    const name = `Buyer ${Date.now()}`;
    const created = await admin.post<{ id: number; row: { activity_ids: number[] } }>(CREATE_ROLE, {
      group_id: 1,
      name,
      description: 'Buys',
      activity_ids: acts,
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('Role Created Successfully');
    const id = created.body.data!.id;
    expect([...created.body.data!.row.activity_ids].sort()).toEqual([...acts].sort());
    const twice = await admin.post(CREATE_ROLE, { group_id: 1, name, activity_ids: acts });
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe(`Role ${name} already exists.`);
    const read = await token('roles', id);
    const edited = await admin.post<{ row: { activity_ids: number[]; name: string } }>(EDIT_ROLE, {
      ...read,
      group_id: 1,
      name: `${name} 2`,
      description: '',
      activity_ids: acts.slice(0, 1),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.msg).toBe('Role Updated Successfully');
    expect(edited.body.data!.row.activity_ids).toEqual(acts.slice(0, 1));
    const stale = await admin.post(EDIT_ROLE, { ...read, group_id: 1, name: 'Old', activity_ids: acts });
    expect(stale.status).toBe(409);
    const listed = await admin.get<{ rows: { name: string; users: number }[] }>('rows/role/roles/role', {
      order_by: 'name',
      limit: 500,
    });
    expect(listed.body.data!.rows.map((r) => r.name)).toContain(`${name} 2`);
    const deleted = await admin.post(DELETE_ROLE, await token('roles', id));
    expect(deleted.status).toBe(200);
    expect(
      await db().selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const trail = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `role:${id}`)
      .orderBy('id')
      .execute();
    expect(trail.map((t) => t.action)).toEqual(['role.created', 'role.edited', 'role.deleted']);
  });

  it("refuses the spec's bad role bodies and a role in use, writing nothing", async () => {
    const acts = await activityIds('stock/kpi');
    const before = await counts();
    const cases: [string, object, string][] = [
      [CREATE_ROLE, { name: 'R', activity_ids: acts }, ADMIN_MSG.selectGroupCreate],
      [CREATE_ROLE, { group_id: 1, name: '  ', activity_ids: acts }, ADMIN_MSG.roleNameRequired],
      [CREATE_ROLE, { group_id: 1, name: 'R', activity_ids: [] }, ADMIN_MSG.selectActivity],
      [CREATE_ROLE, { group_id: 1, name: 'R', activity_ids: acts, users: 3 }, 'Unknown field'],
      [
        CREATE_ROLE,
        { group_id: 1, name: 'R', activity_ids: Array.from({ length: 10_000 }, (_, i) => i + 1) },
        'Activities',
      ],
      [
        EDIT_ROLE,
        { ...(await token('roles', await roleId(1, 'Analyst'))), name: 'R', activity_ids: acts },
        ADMIN_MSG.selectGroupEdit,
      ],
    ];
    for (const [route, body, message] of cases) {
      const res = await admin.post(route, body);
      expect(res.status, message).toBe(400);
      expect(res.body.msg).toContain(message);
    }
    const inUse = await admin.post(DELETE_ROLE, await token('roles', await roleId(1, 'Analyst')));
    expect(inUse.status).toBe(400);
    expect(inUse.body.msg).toBe(ADMIN_MSG.roleInUse);
    expect(await counts()).toEqual(before);
  });
});

describe('tenants and permissions', () => {
  it("group 2's admin cannot read or write group 1's users and roles; group 1's admin likewise", async () => {
    const before = await counts();
    const analystUser = await userByName(DEMO_USERS.analyst);
    const group1Role = await roleId(1, 'Analyst');
    const acts = await activityIds('stock/kpi');
    const attempts: [string, object][] = [
      [
        EDIT_USER,
        {
          ...(await token('users', analystUser.id)),
          first_name: 'X',
          user_name: DEMO_USERS.analyst,
          mappings: [{ group_id: 1, role_id: group1Role }],
        },
      ],
      [USER_STATUS, await token('users', analystUser.id)],
      [CREATE_USER, newUser('t@acme.test', group1Role)],
      [CREATE_ROLE, { group_id: 1, name: 'Spy', activity_ids: acts }],
      [EDIT_ROLE, { ...(await token('roles', group1Role)), group_id: 1, name: 'Spy', activity_ids: acts }],
      [DELETE_ROLE, await token('roles', group1Role)],
    ];
    for (const [route, body] of attempts) expect((await rival.post(route, body)).status, route).toBe(403);
    const rivalAdmin = await userByName(DEMO_USERS.rival);
    expect((await admin.post(USER_STATUS, await token('users', rivalAdmin.id))).status).toBe(403);
    expect((await admin.post(DELETE_ROLE, await token('roles', await roleId(2, 'Admin')))).status).toBe(403);
    const roles = await rival.get<{ rows: { group_id: number }[] }>('rows/role/roles/role', { limit: 500 });
    expect(roles.body.data!.rows.every((r) => r.group_id === 2)).toBe(true);
    const groups = await rival.get<{ value: number }[]>('lookup/user/createuser/create/groups');
    expect(groups.body.data!.map((g) => g.value)).toEqual([2]);
    expect((await rival.get('lookup/user/createuser/create/roles', { parent: 1 })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('lookups answer the caller’s groups, a group’s roles and the activities', async () => {
    const groups = await admin.get<{ value: number; label: string }[]>(
      'lookup/user/createuser/create/groups',
    );
    expect(groups.body.data!.map((g) => g.label)).toContain('Demo Brands');
    expect(groups.body.data!.map((g) => g.label)).not.toContain('Rival Foods');
    const roles = await admin.get<{ label: string }[]>('lookup/user/createuser/create/roles', { parent: 1 });
    expect(roles.body.data!.map((r) => r.label)).toEqual(expect.arrayContaining(['Admin', 'Analyst']));
    const acts = await admin.get<{ label: string }[]>('lookup/role/createrole/create/activities');
    expect(acts.body.data!.length).toBeGreaterThan(3);
    expect((await admin.get('lookup/role/createrole/create/nothing')).status).toBe(404);
  });

  it('the analyst (no admin activities) gets 403 on every user and role route; anonymous 401', async () => {
    const analystUser = await userByName(DEMO_USERS.stock);
    const calls: [string, string, object?][] = [
      ['GET', 'rows/user/users/user'],
      ['GET', 'rows/user/blocked/user'],
      ['GET', 'rows/role/roles/role'],
      ['GET', 'lookup/user/createuser/create/groups'],
      ['POST', CREATE_USER, newUser('z@acme.test', await roleId(1, 'Analyst'))],
      ['POST', USER_STATUS, await token('users', analystUser.id)],
      ['POST', CREATE_ROLE, { group_id: 1, name: 'Z', activity_ids: await activityIds('stock/kpi') }],
      ['POST', DELETE_ROLE, await token('roles', await roleId(1, 'Analyst'))],
    ];
    const anon = server.client();
    for (const [method, route, body] of calls) {
      const res = method === 'GET' ? await analyst.get(route) : await analyst.post(route, body);
      expect(res.status, route).toBe(403);
      const none = method === 'GET' ? await anon.get(route) : await anon.post(route, body);
      expect([401, 403], route).toContain(none.status);
    }
  });
});
