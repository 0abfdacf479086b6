/**
 * Platform staff vs group admins (docs/principals.md "Platform-wide actions"): creating a group,
 * a channel's politeness and the staff flag are platform staff's; a group admin is refused (403)
 * and the attempt audited. A role naming a platform activity through the generic write routes is
 * audited as the role routes' refusal is, and a block reaching beyond the admin's groups is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLATFORM_ACTION_REFUSED,
  PLATFORM_ACTIVITY_REFUSED,
  STAFF_MSG,
} from '../../src/shared/admin/adminActivities.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import type { CrawlTables } from '../../src/server/features/crawl/crawlTables.js';
import type { ApiClient } from './support/apiClient.js';
import { signIn } from './support/signIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';
import { groupForm, groupRow } from './support/groupAccounts.js';

let server: TestServer;
let demo: ApiClient;
let rival: ApiClient;
let staff: ApiClient;

const db = () => server.server.app.deps.store.db;
const userId = async (name: string) =>
  (await db().selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;
/** The newest audit entry of this action, or undefined. */
const lastAudit = (action: string) =>
  db()
    .selectFrom('audit_log')
    .select(['actor_user_id', 'group_id', 'target', 'detail'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
const groupCount = async () =>
  Number(
    (
      await db()
        .selectFrom('groups')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  server = await startTestServer();
  [demo, rival, staff] = await Promise.all([
    signIn(server),
    signIn(server, DEMO_USERS.rival),
    signIn(server, DEMO_USERS.staff),
  ]);
}, 300_000);
afterAll(() => server?.close());

describe('platform-wide actions', () => {
  it('a group admin cannot create a group (route, screen mutation, name check): 403, audited', async () => {
    const before = await groupCount();
    const refused = await rival.post('admin/clients', groupForm('Rival Made'));
    expect([refused.status, refused.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.createGroup]);
    expect(await lastAudit('group.refused')).toMatchObject({
      actor_user_id: await userId(DEMO_USERS.rival),
      group_id: 2,
    });
    const viaScreen = await rival.post('mutate/client/createaccount/create', { group_name: 'Rival Screen' });
    expect([viaScreen.status, viaScreen.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.createGroup]);
    const probe = await rival.get('admin/verify/group', { groupName: 'Demo Brands' });
    expect([probe.status, probe.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.groupName]);
    expect(await groupCount()).toBe(before);
    // The Create Account tab is not in a group admin's menu; it is in staff's.
    const tabs = async (c: ApiClient) =>
      ((await c.get<{ submenuList: { url: string }[] }>('user/menu')).body.data?.submenuList ?? []).map(
        (s) => s.url,
      );
    expect(await tabs(demo)).not.toContain('/workspace/client/createaccount');
    expect(await tabs(staff)).toEqual(
      expect.arrayContaining(['/workspace/client/createaccount', '/workspace/platform/settings']),
    );

    const made = await staff.post<{ id: number }>('admin/clients', groupForm('Staff Made'));
    expect([made.status, made.body.msg]).toEqual([200, 'Account Created Successfully']);
    const viaStaffScreen = await staff.post('mutate/client/createaccount/create', {
      ...groupRow('Staff Screen Made'),
      channels: [1],
    });
    expect(viaStaffScreen.status).toBe(200);
    expect(await groupCount()).toBe(before + 2);
  });

  it("a group's subscription (end date, channels) is staff's: its own admin is refused, its notes are not", async () => {
    const row = () => db().selectFrom('groups').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const before = await row();
    // The group as its edit form sends it back: every required field, as stored.
    const token = {
      ...groupRow(before.group_name),
      id: 1,
      updated_at: before.updated_at.toISOString(),
      end_date: before.end_date,
      channels: before.channels,
      crawl_types: before.crawl_types,
    };
    const extend = await demo.post('mutate/client/clients/edit', { ...token, end_date: '2099-12-31' });
    expect([extend.status, extend.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.subscription]);
    expect(await lastAudit('group.refused')).toMatchObject({
      actor_user_id: await userId(server.env.DEMO_USER),
    });
    const more = await demo.post('mutate/client/clients/edit', {
      ...token,
      channels: before.channels?.length === 4 ? [1] : [1, 2, 3, 4],
    });
    expect([more.status, more.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.subscription]);
    // The group form (group/edit) asks the same of its fields.
    const form = await demo.post('group/edit', {
      ...groupForm(before.group_name),
      end_date: '2099-12-31',
      group_id: 1,
      updated_at: token.updated_at,
    });
    expect([form.status, form.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.subscription]);
    expect(await row()).toMatchObject({ end_date: before.end_date, channels: before.channels });
    // The same admin still edits the group's notes.
    const notes = await demo.post('mutate/client/clients/edit', {
      ...token,
      comments: 'renewal call booked',
    });
    expect(notes.status, notes.body.msg).toBe(200);
  });

  it("the group form shows a group admin the subscription read-only; staff edit any group's subscription, audited", async () => {
    type Screen = {
      mutations: { id: string; schema: { properties: Record<string, { readOnly?: boolean }> } }[];
    };
    const editSchema = async (c: ApiClient) =>
      (await c.get<Screen>('config/screen', { area: 'client', screen: 'clients' })).body.data!.mutations.find(
        (m) => m.id === 'edit',
      )!.schema.properties;
    const asAdmin = await editSchema(demo);
    const locked = Object.keys(asAdmin).filter((f) => asAdmin[f]!.readOnly);
    expect(locked.sort()).toEqual(['channels', 'crawl_types', 'end_date', 'schema_types']);
    expect(asAdmin.group_name!.readOnly).toBeUndefined();

    // Staff: every group in the Platform Settings grid, and any group's subscription set there.
    const groups = await staff.get<{ rows: { id: number; group_name: string; updated_at: string }[] }>(
      'platform/groups',
      { limit: 500 },
    );
    expect(groups.status).toBe(200);
    const rivalRow = groups.body.data!.rows.find((r) => r.id === 2)!;
    expect(rivalRow.group_name).toBe('Rival Foods');
    const body = {
      id: 2,
      updated_at: rivalRow.updated_at,
      end_date: '2031-06-30',
      channels: [1, 4, 49],
      crawl_types: [0, 4],
      schema_types: [1],
    };
    // Neither a group admin (not even the group's own) nor a stale read may set it.
    const own = await rival.post('platform/groups/subscription', body);
    expect([own.status, own.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.subscription]);
    expect(await lastAudit('group.refused')).toMatchObject({ actor_user_id: await userId(DEMO_USERS.rival) });
    // Another group's asked for: the entry, in the asker's group, names the group asked for.
    const other = await rival.post('platform/groups/subscription', { ...body, id: 1 });
    expect([other.status, other.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.subscription]);
    expect(await lastAudit('group.refused')).toMatchObject({
      actor_user_id: await userId(DEMO_USERS.rival),
      group_id: 2,
      detail: { after: { group_id: 1, route: 'POST /api/v1/platform/groups/subscription' } },
    });
    expect((await rival.get('platform/groups')).status).toBe(403);
    const saved = await staff.post('platform/groups/subscription', body);
    expect([saved.status, saved.body.msg]).toEqual([200, 'Subscription Updated']);
    const row = await db().selectFrom('groups').selectAll().where('id', '=', 2).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ end_date: '2031-06-30', channels: [1, 4, 49], crawl_types: [0, 4] });
    const entry = await lastAudit('group.subscription_edited');
    expect(entry).toMatchObject({
      actor_user_id: await userId(DEMO_USERS.staff),
      group_id: 2,
      target: 'group:2',
    });
    expect(JSON.stringify(entry!.detail)).toContain('2031-06-30');
    expect((await staff.post('platform/groups/subscription', body)).status).toBe(409);
  });

  it("a channel's politeness: staff set it on every group's profile; a group admin is refused", async () => {
    const body = { channel_id: 61, concurrency: 3, requests_per_second: 7 };
    const refused = await rival.put('channelprofile/politeness', body);
    expect([refused.status, refused.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.politeness]);
    expect(await lastAudit('channelProfile.refused')).toMatchObject({
      actor_user_id: await userId(DEMO_USERS.rival),
    });
    const profiles = () =>
      db()
        .withTables<CrawlTables>()
        .selectFrom('channel_profiles')
        .select(['group_id', 'concurrency', 'requests_per_second'])
        .where('channel_id', '=', 61)
        .orderBy('group_id')
        .execute();
    const before = await profiles();
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((p) => p.concurrency !== 3)).toBe(true);

    const saved = await staff.put('channelprofile/politeness', body);
    expect(saved.status).toBe(200);
    expect(await profiles()).toEqual(before.map((p) => ({ ...p, concurrency: 3, requests_per_second: 7 })));
    await staff.put('channelprofile/politeness', {
      ...body,
      concurrency: before[0]!.concurrency,
      requests_per_second: before[0]!.requests_per_second,
    });
  });
});

describe('the Microsoft Sign-in screen (screens/platform/microsoft)', () => {
  it("is staff's: a group admin can neither open it, call it, nor get it from a role; staff add and remove a mapping", async () => {
    // No role holds the activity, the Admin roles' auto-grant '%' included.
    const held = await db()
      .selectFrom('role_activities as ra')
      .innerJoin('activities as a', 'a.id', 'ra.activity_id')
      .select('ra.role_id')
      .where('a.url', '=', 'platform/microsoft')
      .execute();
    expect(held).toEqual([]);
    const screen = { area: 'platform', screen: 'microsoft' };
    const tabs = async (c: ApiClient) =>
      ((await c.get<{ submenuList: { url: string }[] }>('user/menu')).body.data?.submenuList ?? []).map(
        (t) => t.url,
      );
    expect(await tabs(demo)).not.toContain('/workspace/platform/microsoft');
    expect(await tabs(staff)).toContain('/workspace/platform/microsoft');
    for (const admin of [demo, rival]) {
      expect((await admin.get('config/screen', screen)).status).toBe(403);
      for (const path of ['admin/microsoft/mappings/grid', 'admin/microsoft/mappings/groups'])
        expect((await admin.get(path)).status, path).toBe(403);
      expect((await admin.get('admin/microsoft/mappings/roles', { parent: 1 })).status).toBe(403);
      expect((await admin.post('admin/microsoft/mappings/remove', { id: 1 })).status).toBe(403);
      // Refused before the input is read: a malformed call tells nothing either.
      expect((await admin.get('admin/microsoft/mappings/roles')).status).toBe(403);
      expect((await admin.post('admin/microsoft/mappings/remove', { id: 'x' })).status).toBe(403);
    }
    const activity = await db()
      .selectFrom('activities')
      .select('id')
      .where('url', '=', 'platform/microsoft')
      .executeTakeFirstOrThrow();
    const role = await demo.post('mutate/role/createrole/create', {
      group_id: 1,
      name: 'Sneaky Sign-in',
      activity_ids: [activity.id],
    });
    expect([role.status, role.body.msg]).toEqual([403, PLATFORM_ACTIVITY_REFUSED]);

    // Staff: the screen, its group and role choices, a mapping added by its form and removed by its row action.
    expect((await staff.get('config/screen', screen)).status).toBe(200);
    const groups = await staff.get<{ value: number; label: string }[]>('admin/microsoft/mappings/groups');
    expect(groups.body.data).toContainEqual({ value: 2, label: 'Rival Foods' });
    const roles = await staff.get<{ value: number; label: string }[]>('admin/microsoft/mappings/roles', {
      parent: 2,
    });
    const rivalRoles = await db().selectFrom('roles').select('id').where('group_id', '=', 2).execute();
    expect(roles.body.data!.map((r) => r.value).sort()).toEqual(rivalRoles.map((r) => r.id).sort());
    const body = { kind: 'domain', value: 'rival-foods.example', group_id: 2, role_id: rivalRoles[0]!.id };
    const added = await staff.post<{ id: number }>('admin/microsoft/mappings', body);
    expect(added.status, added.body.msg).toBe(200);
    type Grid = { rows: { id: number; value: string; group_name: string }[]; total: number };
    const grid = await staff.get<Grid>('admin/microsoft/mappings/grid', { limit: 20 });
    expect(grid.body.data!.rows).toContainEqual(
      expect.objectContaining({
        id: added.body.data!.id,
        value: 'rival-foods.example',
        group_name: 'Rival Foods',
      }),
    );
    const removed = await staff.post('admin/microsoft/mappings/remove', { id: added.body.data!.id });
    expect([removed.status, removed.body.msg]).toEqual([200, 'Mapping deleted']);
    expect(await lastAudit('microsoftMapping.deleted')).toMatchObject({ group_id: 2 });
    const after = await staff.get<Grid>('admin/microsoft/mappings/grid', { limit: 20 });
    expect(after.body.data!.total).toBe(grid.body.data!.total - 1);
  });
});

describe('the platform staff flag', () => {
  it('staff mark and unmark (audited); a group admin is refused; the last staff stays', async () => {
    const [demoId, staffId, rivalId] = await Promise.all(
      [server.env.DEMO_USER, DEMO_USERS.staff, DEMO_USERS.rival].map(userId),
    );
    for (const [route, body] of [
      ['platform/staff/mark', { user_id: rivalId }],
      ['platform/staff/unmark', { user_id: staffId }],
    ] as const) {
      const refused = await rival.post(route, body);
      expect([refused.status, refused.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.staffFlag]);
    }
    expect((await rival.get('platform/staff/users')).status).toBe(403);
    expect(await lastAudit('user.refused')).toMatchObject({ actor_user_id: rivalId });
    expect((await rival.get('config/screen', { area: 'platform', screen: 'settings' })).status).toBe(403);

    const last = await staff.post('platform/staff/unmark', { user_id: staffId });
    expect([last.status, last.body.msg]).toEqual([400, STAFF_MSG.lastStaff]);

    const list = await staff.get<{ rows: { id: number; is_platform_staff: boolean }[]; total: number }>(
      'platform/staff/users',
      { limit: 500 },
    );
    expect(list.status).toBe(200);
    expect(list.body.data!.rows[0]).toMatchObject({ id: staffId, is_platform_staff: true });
    expect(list.body.data!.rows.filter((r) => r.is_platform_staff)).toHaveLength(1);

    const marked = await staff.post('platform/staff/mark', { user_id: demoId });
    expect([marked.status, marked.body.msg]).toEqual([200, STAFF_MSG.marked]);
    expect(await lastAudit('user.staff_marked')).toMatchObject({
      actor_user_id: staffId,
      target: `user:${demoId}`,
    });
    // The flag is read on the next call: demo holds the platform's activities at once.
    expect((await demo.get<{ isStaff: boolean }>('user/info')).body.data?.isStaff).toBe(true);
    // Two staff now: either may go, and the other cannot then follow.
    expect((await staff.post('platform/staff/unmark', { user_id: staffId })).status).toBe(200);
    expect((await staff.get('platform/staff/users')).status).toBe(403);
    expect((await demo.post('platform/staff/unmark', { user_id: demoId })).status).toBe(400);
    expect((await demo.post('platform/staff/mark', { user_id: staffId })).status).toBe(200);
    const unmarked = await staff.post('platform/staff/unmark', { user_id: demoId });
    expect([unmarked.status, unmarked.body.msg]).toEqual([200, STAFF_MSG.unmarked]);
    expect((await demo.get<{ isStaff: boolean }>('user/info')).body.data?.isStaff).toBe(false);
    expect((await staff.post('platform/staff/mark', { user_id: 999_999 })).status).toBe(404);
  });
});

describe('refusals through the generic write routes', () => {
  it('a role naming a platform activity is refused and audited as the role routes do', async () => {
    const editor = await db()
      .selectFrom('activities')
      .select('id')
      .where('url', '=', 'config/editor')
      .executeTakeFirstOrThrow();
    const res = await demo.post('mutate/role/createrole/create', {
      group_id: 1,
      name: 'Sneaky Editors',
      activity_ids: [editor.id],
    });
    expect([res.status, res.body.msg]).toEqual([403, PLATFORM_ACTIVITY_REFUSED]);
    const entry = await lastAudit('role.refused');
    expect(entry).toMatchObject({ actor_user_id: await userId(server.env.DEMO_USER), group_id: 1 });
    expect(JSON.stringify(entry!.detail)).toContain('config/editor');
    expect(
      await db().selectFrom('roles').select('id').where('name', '=', 'Sneaky Editors').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a group admin cannot block platform staff, who belong to their group too: 403, audited', async () => {
    const staffId = await userId(DEMO_USERS.staff);
    const res = await demo.post('user/changeUserStatus', { user_id: staffId, status: 'blocked' });
    expect([res.status, res.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.sharedUser]);
    expect(await lastAudit('user.refused')).toMatchObject({
      actor_user_id: await userId(server.env.DEMO_USER),
      target: `user:${staffId}`,
    });
    const row = await db()
      .selectFrom('users')
      .select(['status', 'updated_at'])
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    const viaScreen = await demo.post('mutate/user/users/status', {
      id: staffId,
      updated_at: new Date(row.updated_at).toISOString(),
    });
    expect([viaScreen.status, viaScreen.body.msg]).toEqual([403, PLATFORM_ACTION_REFUSED.sharedUser]);
    expect((await staff.get('user/info')).status).toBe(200);
  });
});

describe("the group forms' channels are dim_channel's", () => {
  const LOOKUP = 'lookup/client/createaccount/create/channels';

  it('both forms list dim_channel, a channel added there included; a group admin gets no staff list', async () => {
    const wh = server.server.app.deps.warehouse;
    await wh.exec("INSERT INTO dim_channel VALUES (977, 'Test Mart', 'Quick Commerce')");
    try {
      const dim = await wh.query<{ channel_id: number; channel_name: string }>(
        'SELECT channel_id, channel_name FROM dim_channel ORDER BY channel_id',
      );
      const expected = dim.map((c) => ({ value: Number(c.channel_id), label: c.channel_name }));
      expect(expected).toContainEqual({ value: 977, label: 'Test Mart' });
      expect((await staff.get(LOOKUP)).body.data).toEqual(expected);
      expect((await staff.get('platform/groups/channels')).body.data).toEqual(expected);
      expect((await rival.get('platform/groups/channels')).status).toBe(403);
    } finally {
      await wh.exec('DELETE FROM dim_channel WHERE channel_id = 977');
    }
  });

  it('"Blinkit" picked from the lookup is stored as its dim_channel id; an unknown id is a 400 on each route', async () => {
    const choices = (await staff.get<{ value: number; label: string }[]>(LOOKUP)).body.data!;
    const blinkit = choices.find((c) => c.label === 'Blinkit')!.value;
    expect(blinkit).toBe(61);
    const made = await staff.post<{ id: number }>('mutate/client/createaccount/create', {
      ...groupRow('Blinkit Buyer'),
      channels: [blinkit],
    });
    expect(made.status).toBe(200);
    const stored = () =>
      db().selectFrom('groups').selectAll().where('id', '=', made.body.data!.id).executeTakeFirstOrThrow();
    expect((await stored()).channels).toEqual([61]);

    const before = await groupCount();
    const unknown = await staff.post('mutate/client/createaccount/create', {
      ...groupRow('Ghost Channel'),
      channels: [1, 2, 3],
    });
    expect([unknown.status, unknown.body.msg]).toEqual([400, 'Unknown channel id(s): 2, 3']);
    const legacy = await staff.post('admin/clients', { ...groupForm('Ghost Legacy'), channels: [2] });
    expect([legacy.status, legacy.body.msg]).toEqual([400, 'Unknown channel id(s): 2']);
    expect(await groupCount()).toBe(before);

    const row = await stored();
    const subscription = await staff.post('platform/groups/subscription', {
      id: row.id,
      updated_at: row.updated_at.toISOString(),
      end_date: '2031-01-31',
      channels: [61, 2],
      crawl_types: [0],
    });
    expect([subscription.status, subscription.body.msg]).toEqual([400, 'Unknown channel id(s): 2']);
    expect((await stored()).channels).toEqual([61]);
  });
});
