import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { ADMIN_MSG } from '../../src/shared/admin/adminMessages.js';
import { PLATFORM_ACTIVITY_REFUSED } from '../../src/shared/admin/adminActivities.js';
import { linkFor, login, startAuthServer, type AuthServer } from './authHarness.js';
import { createGroup } from '../../src/server/platform/store/groupRepo.js';
import { makeGroupAdmin } from '../../src/server/language/entities/groupEntity.js';
import type { ApiClient } from './support/apiClient.js';
import { addAccountChannels, groupForm } from './support/groupAccounts.js';

/** The admin API (docs/admin.md) against the real server, on PGlite or PostgreSQL (API_TEST_PG=1). */
let server: AuthServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startAuthServer();
  await addAccountChannels(server.deps.warehouse);
  admin = await login(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.deps.store.db;
const count = async (table: 'users' | 'roles' | 'groups' | 'audit_log') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const roleId = async (groupId: number, name: string) =>
  (
    await db()
      .selectFrom('roles')
      .select('id')
      .where('group_id', '=', groupId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

/** Every admin route with a body that would pass its schema. */
const ADMIN_CALLS: [string, string, unknown?][] = [
  ['GET', 'user/grid'],
  ['GET', 'newusers'],
  ['GET', 'admin/blockedusers'],
  ['GET', 'search_user_tags?prefix=a'],
  ['GET', 'user/1'],
  ['POST', 'user/createv2', { user_name: 'x@acme.test', first_name: 'X', object_array: '[]' }],
  ['PUT', 'user/edit', { id: 1, first_name: 'X', object_array: [] }],
  ['GET', 'admin/verify/user?user_name=x@acme.test'],
  ['POST', 'user/changeUserStatus', { user_id: 1, status: 'blocked' }],
  ['POST', 'user/resendVerification', { user_id: 1 }],
  ['GET', 'roles?groupId=1'],
  ['GET', 'admin/roles'],
  ['GET', 'admin/activities'],
  ['POST', 'role', { groupId: 1, name: 'R', activity_id: '[1]' }],
  ['PUT', 'role', { role_id: 1, groupId: 1, name: 'R', activity_id: '[1]' }],
  ['PUT', 'roledelete', { role_id: 1 }],
  ['GET', 'groups/all'],
  ['GET', 'group/channels'],
  ['GET', 'admin/clients'],
  ['POST', 'admin/clients', groupForm('Nope')],
  ['POST', 'group/edit', { ...groupForm('Nope'), group_id: 1, updated_at: new Date().toISOString() }],
  ['POST', 'group/user/add', { group_id: 1, role_id: 1, user_ids: [1] }],
  ['GET', 'admin/verify/group?groupName=x'],
  ['GET', 'search_group_tags?prefix=a'],
  ['GET', 'admin/logs'],
  ['GET', '../docs'],
  ['GET', 'config/problems'],
];

describe('who may open the admin side', () => {
  it('a role without the admin activities gets 403 on every admin route, and nothing is written', async () => {
    const before = {
      users: await count('users'),
      roles: await count('roles'),
      groups: await count('groups'),
    };
    for (const name of [DEMO_USERS.analyst, DEMO_USERS.stock]) {
      const analyst = await login(server, name);
      for (const [method, route, body] of ADMIN_CALLS) {
        const res = await analyst.raw(method, route, body === undefined ? {} : { body });
        expect(res.status, `${name} ${method} ${route}`).toBe(403);
      }
    }
    expect({
      users: await count('users'),
      roles: await count('roles'),
      groups: await count('groups'),
    }).toEqual(before);
  });

  it('the demo admin holds them through the Admin role; only staff are staff in user info', async () => {
    expect((await admin.get('admin/roles')).status).toBe(200);
    const info = await admin.get<{ isStaff: boolean }>('user_info');
    expect(info.body.data!.isStaff).toBe(false);
    const staff = await login(server, DEMO_USERS.staff);
    expect((await staff.get<{ isStaff: boolean }>('user_info')).body.data!.isStaff).toBe(true);
  });
});

describe('the group form', () => {
  it('offers the warehouse channel dimension’s channels, a channel added there included', async () => {
    const wh = server.deps.warehouse;
    await wh.exec("INSERT INTO dim_channel VALUES (977, 'Test Mart', 'Quick Commerce')");
    try {
      const dim = await wh.query<{ channel_id: number; channel_name: string }>(
        'SELECT channel_id, channel_name FROM dim_channel ORDER BY channel_id',
      );
      const res = await admin.get<{ channels: { channelid: number; channel_name: string }[] }>(
        'group/channels',
      );
      expect(res.body.data!.channels).toEqual(
        dim.map((c) => ({ channelid: Number(c.channel_id), channel_name: c.channel_name })),
      );
      expect(res.body.data!.channels).toContainEqual({ channelid: 977, channel_name: 'Test Mart' });
    } finally {
      await wh.exec('DELETE FROM dim_channel WHERE channel_id = 977');
    }
  });
});

describe('users', () => {
  it('creates a user, mails the activation link, and the user can set a password and log in', async () => {
    const name = `new.${Date.now()}@acme.test`;
    const analystRole = await roleId(1, 'Analyst');
    const res = await admin.post('user/createv2', {
      user_name: name.toUpperCase(),
      first_name: 'Nia',
      last_name: 'New',
      object_array: JSON.stringify([{ group_id: 1, role_id: analystRole, status: true }]),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 1, msg: 'Success' });
    const pending = await admin.get<{ rows: { user_name: string }[] }>('newusers', { search: name });
    expect(pending.body.data!.rows.map((r) => r.user_name)).toEqual([name]);
    const { token } = linkFor(server, name, 'verify_token');
    const anon = server.client();
    const set = await anon.post('user/update', {
      password: 'Start@2026',
      confirm_password: 'Start@2026',
      verify_token: token,
    });
    expect(set.body.msg).toBe('Password Updated Successfully!!');
    const user = await login(server, name, 'Start@2026');
    const menu = await user.get<{ activityList: string[] }>('user/menu');
    expect(menu.body.data!.activityList).toContain('stock/kpi');
    expect(menu.body.data!.activityList).not.toContain('user/users');
    const logs = await admin.get<{ rows: { action: string; target: string }[] }>('admin/logs', {
      action: 'user.created',
    });
    expect(logs.body.data!.rows[0]!.target).toBe(`user:${(res.body.data as { id: number }).id}`);
  });

  it('refuses the spec’s bad user bodies with its messages, writing nothing', async () => {
    const role = await roleId(1, 'Analyst');
    const map = (rows: object[]) => JSON.stringify(rows);
    const cases: [object, string][] = [
      [
        { user_name: 'a@acme.test', object_array: map([{ group_id: 1, role_id: role }]) },
        ADMIN_MSG.firstNameRequired,
      ],
      [
        { user_name: 'not-mail', first_name: 'A', object_array: map([{ group_id: 1, role_id: role }]) },
        ADMIN_MSG.userNameEmail,
      ],
      [{ user_name: 'a@acme.test', first_name: 'A', object_array: '[]' }, ADMIN_MSG.mapGroup],
      [
        {
          user_name: 'a@acme.test',
          first_name: 'A',
          object_array: map([
            { group_id: 1, role_id: role },
            { group_id: 1, role_id: role },
          ]),
        },
        ADMIN_MSG.groupMapped,
      ],
      [
        { user_name: DEMO_USERS.stock, first_name: 'A', object_array: map([{ group_id: 1, role_id: role }]) },
        ADMIN_MSG.userNameTaken,
      ],
    ];
    const users = await count('users');
    for (const [body, msg] of cases) {
      const res = await admin.post('user/createv2', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const hostile: unknown[] = [
      { user_name: 'a@acme.test', first_name: 'A', object_array: '[]', extra: 1 },
      { user_name: 'a@acme.test', first_name: { a: 1 }, object_array: '[]' },
      {
        user_name: 'a@acme.test',
        first_name: 'A',
        object_array: Array.from({ length: 10_000 }, () => ({ group_id: 1, role_id: role })),
      },
      { user_name: 'a@acme.test', first_name: 'x'.repeat(1_000_000), object_array: '[]' },
      { user_name: 'a@acme.test', first_name: 'A', object_array: '{not json' },
      { user_name: 'a@acme.test', first_name: 'A', object_array: '[{"group_id":"x"}]' },
    ];
    for (const body of hostile) expect((await admin.post('user/createv2', body)).status).toBe(400);
    expect(await count('users')).toBe(users);
  });

  it('refuses blocking yourself and unmapping the last admin of a group', async () => {
    const me = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'demo@shelfscope.test')
      .executeTakeFirstOrThrow();
    const block = await admin.post('user/changeUserStatus', { user_id: me.id, status: 'blocked' });
    expect(block.status).toBe(400);
    expect(block.body.msg).toBe(ADMIN_MSG.blockSelf);
    // A fresh group whose only admin is the demo login (made in the store: groups are staff's to
    // create): taking that away is refused.
    const groupId = (await createGroup(db(), { group_name: `Solo ${Date.now()}`, end_date: null })).id;
    await makeGroupAdmin(db(), groupId, me.id);
    const admin2 = await login(server);
    const unmap = await admin2.put('user/edit', {
      id: me.id,
      first_name: 'Demo',
      object_array: [
        { group_id: 1, role_id: await roleId(1, 'Admin'), status: true },
        { group_id: groupId, role_id: await roleId(groupId, 'Admin'), is_delete: true },
      ],
    });
    expect(unmap.status).toBe(403);
    expect(unmap.body.msg).toBe(ADMIN_MSG.lastAdmin);
    expect(
      await db()
        .selectFrom('user_group_roles')
        .select('id')
        .where('user_id', '=', me.id)
        .where('group_id', '=', groupId)
        .executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('roles', () => {
  it('creates and updates a role with the spec’s messages, refuses deleting one in use', async () => {
    const acts = await admin.get<{ id: number; url: string }[]>('admin/activities');
    const ids = acts.body.data!.filter((a) => a.url.startsWith('stock/')).map((a) => a.id);
    const create = await admin.post<{ id: number; statusCode: number }>('role', {
      groupId: 1,
      name: `Buyer ${Date.now()}`,
      description: '',
      activity_id: JSON.stringify(ids),
    });
    expect(create.body).toMatchObject({ statusCode: 1, msg: ADMIN_MSG.roleCreated, data: { statusCode: 1 } });
    const id = create.body.data!.id;
    const update = await admin.put('role', {
      role_id: id,
      groupId: 1,
      name: `Buyer2 ${Date.now()}`,
      activity_id: ids.slice(0, 1),
    });
    expect(update.body.msg).toBe(ADMIN_MSG.roleUpdated);
    const missing: [string, object, string][] = [
      ['POST', { name: 'R', activity_id: '[1]' }, ADMIN_MSG.selectGroupCreate],
      ['PUT', { role_id: id, name: 'R', activity_id: '[1]' }, ADMIN_MSG.selectGroupEdit],
      ['POST', { groupId: 1, name: 'R', activity_id: '[]' }, ADMIN_MSG.selectActivity],
      ['POST', { groupId: 1, name: ' ', activity_id: '[1]' }, ADMIN_MSG.roleNameRequired],
    ];
    for (const [method, body, msg] of missing) {
      const res = await admin.raw(method, 'role', { body });
      expect(res.status).toBe(400);
      expect((JSON.parse(res.text()) as { msg: string }).msg).toBe(msg);
    }
    const inUse = await admin.put('roledelete', { role_id: await roleId(1, 'Stock Viewer') });
    expect(inUse.status).toBe(400);
    expect(inUse.body.msg).toBe(ADMIN_MSG.roleInUse);
    expect((await admin.put('roledelete', { role_id: id })).status).toBe(200);
  });
});

describe('the screen editor is platform staff’s, never a group role’s (docs/principals.md)', () => {
  it('refuses (403, audited) a role create or edit naming it; roles are not offered it; % does not grant it', async () => {
    const editor = await db()
      .selectFrom('activities')
      .select('id')
      .where('url', '=', 'config/editor')
      .executeTakeFirstOrThrow();
    const offered = await admin.get<{ url: string }[]>('admin/activities');
    expect(offered.body.data!.map((a) => a.url)).not.toContain('config/editor');
    const rolesBefore = await count('roles');
    const admins = await roleId(1, 'Admin');
    const create = await admin.post('role', { groupId: 1, name: 'Editors', activity_id: `[${editor.id}]` });
    const edit = await admin.put('role', {
      role_id: admins,
      groupId: 1,
      name: 'Admin',
      activity_id: [editor.id],
    });
    for (const res of [create, edit]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe(PLATFORM_ACTIVITY_REFUSED);
    }
    expect(await count('roles')).toBe(rolesBefore);
    const refused = await db()
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'role.refused')
      .orderBy('id')
      .execute();
    expect(refused).toEqual([
      { action: 'role.refused', target: 'role:0' },
      { action: 'role.refused', target: `role:${admins}` },
    ]);
    // The Admin roles' auto-grant '%' holds every screen but the editor (migration 410_platform_staff).
    const held = await db()
      .selectFrom('role_activities')
      .select('role_id')
      .where('activity_id', '=', editor.id)
      .execute();
    expect(held).toEqual([]);
  });
});

describe('groups', () => {
  it('refuses each missing group field with the spec’s message, and a taken name (staff create groups)', async () => {
    const staff = await login(server, DEMO_USERS.staff);
    const cases: [object, string][] = [
      [{ groupName: ' ' }, ADMIN_MSG.groupNameRequired],
      [{ channels: [] }, ADMIN_MSG.channelEmpty],
      [{ crawl_type: [] }, ADMIN_MSG.crawlTypeEmpty],
      [{ end_date: '' }, ADMIN_MSG.endDateEmpty],
      [{ notifyToEmail: 'nope' }, ADMIN_MSG.invalidEmail],
      [{ accountRequestedBy: '' }, ADMIN_MSG.accountRequestedByRequired],
      [{ accountManagerName: '' }, ADMIN_MSG.accountManagerNameRequired],
      [{ associate1Name: '' }, ADMIN_MSG.associate1NameRequired],
      [{ taskId: '' }, ADMIN_MSG.taskIdRequired],
      [{ groupName: 'demo brands ' }, ADMIN_MSG.groupNameTaken],
    ];
    const groups = await count('groups');
    for (const [patch, msg] of cases) {
      const res = await staff.post('admin/clients', { ...groupForm(`G ${Date.now()}`), ...patch });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await staff.get('admin/verify/group', { groupName: 'Demo Brands' })).body.msg).toBe(
      ADMIN_MSG.groupNameTaken,
    );
    expect(await count('groups')).toBe(groups);
  });

  it('refuses a stale group edit and keeps the newer row', async () => {
    const group = await db().selectFrom('groups').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    // The subscription as it stands (end date, channels, types are platform staff's to change).
    const body = {
      ...groupForm('Demo Brands'),
      end_date: group.end_date,
      channels: group.channels,
      crawl_type: group.crawl_types,
      schema_type: group.schema_types,
      operationType: [group.operation_type],
      group_id: 1,
      updated_at: group.updated_at.toISOString(),
    };
    expect((await admin.post('group/edit', { ...body, comments: 'first' })).status).toBe(200);
    const stale = await admin.post('group/edit', { ...body, comments: 'second' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(ADMIN_MSG.staleEdit);
    const row = await db()
      .selectFrom('groups')
      .select('comments')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.comments).toBe('first');
  });
});

describe('tenant matrix: an admin of Demo Brands (1) and of Rival Foods (2)', () => {
  it('cannot read or write the other group’s users, roles or logs', async () => {
    const rival = await login(server, DEMO_USERS.rival, undefined, 2);
    const rivalUser = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', DEMO_USERS.rival)
      .executeTakeFirstOrThrow();
    const rivalRole = await roleId(2, 'Admin');
    const demoUser = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', DEMO_USERS.stock)
      .executeTakeFirstOrThrow();
    const pairs: [ApiClient, number, number, number][] = [
      [admin, 2, rivalUser.id, rivalRole],
      [rival, 1, demoUser.id, await roleId(1, 'Stock Viewer')],
    ];
    for (const [client, other, otherUser, otherRole] of pairs) {
      expect((await client.get('user/grid', { group_id: other })).status).toBe(403);
      expect((await client.get(`user/${otherUser}`)).status).toBe(404);
      expect(
        (await client.put('user/edit', { id: otherUser, first_name: 'Hacked', object_array: [] })).status,
      ).toBe(404);
      expect(
        (await client.post('user/changeUserStatus', { user_id: otherUser, status: 'blocked' })).status,
      ).toBe(404);
      expect((await client.get('roles', { groupId: other })).status).toBe(403);
      expect((await client.put('roledelete', { role_id: otherRole })).status).toBe(404);
      expect(
        (await client.put('role', { role_id: otherRole, groupId: other, name: 'X', activity_id: '[1]' }))
          .status,
      ).toBe(403);
      expect((await client.get('admin/logs', { group_id: other })).status).toBe(403);
      const own = await client.get<{ rows: { group_id: number }[] }>('admin/logs', { limit: 500 });
      expect(own.body.data!.rows.every((r) => r.group_id !== other)).toBe(true);
      const grid = await client.get<{ rows: { mappings: { group_id: number }[] }[] }>('user/grid', {
        limit: 500,
      });
      expect(grid.body.data!.rows.flatMap((r) => r.mappings).every((m) => m.group_id !== other)).toBe(true);
      const roles = await client.get<{ group_id: number }[]>('admin/roles');
      expect(roles.body.data!.every((r) => r.group_id !== other)).toBe(true);
      const create = await client.post('user/createv2', {
        user_name: `cross.${other}.${Date.now()}@acme.test`,
        first_name: 'C',
        object_array: [{ group_id: other, role_id: otherRole }],
      });
      expect(create.status, create.body.msg).toBe(403);
    }
    const name = await db()
      .selectFrom('users')
      .select(['first_name', 'status'])
      .where('id', '=', rivalUser.id)
      .executeTakeFirstOrThrow();
    expect(name).toEqual({ first_name: 'Riya', status: 'active' });
  });
});
