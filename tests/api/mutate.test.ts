import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutationNode, ScreenConfig } from '../../src/shared/config.gen.js';
import { ADMIN_MSG } from '../../src/shared/admin/adminMessages.js';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { login, startAuthServer, type AuthServer } from './authHarness.js';
import type { ApiClient } from './support/apiClient.js';
import { addAccountChannels, groupRow } from './support/groupAccounts.js';

/**
 * The generic write routes (docs/write-half.md) against the real server and store (PGlite, or
 * PostgreSQL with API_TEST_PG=1): the product's client/createaccount screen as configured in
 * screens/, and a clients screen of this test holding an update and a toggle of the same entity.
 */
let server: AuthServer;
let admin: ApiClient;
/** Platform staff: a new group is theirs to create (docs/principals.md). */
let staff: ApiClient;

const product = loadConfigSnapshot('screens');
const createAccount = product.screens.get('client/createaccount')!;
const accountMutation = createAccount.mutations!.find((m) => m.id === 'create')!;
const editable = ['group_name', 'end_date', 'comments', 'notify_to_email'];

/** Test screen: edit and status toggle of a group, the fields and checks of the product's mutation. */
const clients = {
  ...createAccount,
  id: 'clients',
  permission: 'client/clients',
  title: 'Clients',
  mutations: [
    {
      ...accountMutation,
      id: 'edit',
      operation: 'update',
      successMessage: 'Updated',
      schema: {
        type: 'object',
        properties: Object.fromEntries(editable.map((f) => [f, accountMutation.schema!.properties[f]])),
      },
      checks: accountMutation.checks!.filter((c) => editable.includes(c.field)),
    },
    {
      kind: 'mutation',
      id: 'status',
      entity: 'group',
      operation: 'toggle',
      toggle: { field: 'status', values: [1, 0] },
    },
  ] satisfies MutationNode[],
} as ScreenConfig;

beforeAll(async () => {
  server = await startAuthServer();
  await addAccountChannels(server.deps.warehouse);
  const fixed = server.config.current();
  const screens = new Map(fixed.screens);
  screens.set('client/createaccount', createAccount);
  screens.set('client/clients', clients);
  const snapshot = { ...fixed, screens };
  server.config.current = () => snapshot;
  admin = await login(server);
  staff = await login(server, DEMO_USERS.staff);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.deps.store.db;
const count = async (table: 'groups' | 'audit_log' | 'roles') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const group = (id: number) =>
  db().selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const readToken = async (id: number) => ({ id, updated_at: (await group(id)).updated_at.toISOString() });

const CREATE = 'mutate/client/createaccount/create';
const VERIFY = 'verify/client/createaccount/create';

describe('create through the generic route', () => {
  it("creates the group in one audited write, its creator its admin, answering the config's message", async () => {
    const res = await staff.post<{ id: number; row: { group_name: string }; changed: object }>(
      CREATE,
      groupRow('  Acme Foods '),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 1, msg: 'Account Created Successfully' });
    const id = res.body.data!.id;
    const row = await group(id);
    expect(row).toMatchObject({
      group_name: 'Acme Foods',
      channels: [1, 4],
      associate2_name: null,
      status: 1,
    });
    expect(res.body.data!.changed).toMatchObject({ group_name: { before: null, after: 'Acme Foods' } });
    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `group:${id}`)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'group.created', entity: 'group', group_id: id });
    // The creator administers the new group: its one role, Admin, is theirs.
    const roles = await db()
      .selectFrom('roles as r')
      .innerJoin('user_group_roles as m', 'm.role_id', 'r.id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['r.name', 'u.user_name'])
      .where('r.group_id', '=', id)
      .execute();
    expect(roles).toEqual([{ name: 'Admin', user_name: DEMO_USERS.staff }]);
  });

  it("verify answers 'Group Name already exists.' for a taken name, whatever its case and spaces", async () => {
    const taken = await staff.post(VERIFY, { field: 'group_name', value: ' acme FOODS' });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ statusCode: 0, msg: 'Group Name already exists.' });
    const free = await staff.post(VERIFY, { field: 'group_name', value: 'Nobody Yet' });
    expect(free.body.statusCode).toBe(1);
    expect((await staff.post(VERIFY, { field: 'comments', value: 'x' })).status).toBe(400);
  });

  it("refuses the spec's bad bodies with its messages, sent straight to the API, writing nothing", async () => {
    const before = { groups: await count('groups'), audit: await count('audit_log') };
    const cases: [object, string][] = [
      [{ ...groupRow('A1'), group_name: '  ' }, 'Group Name is a required attribute.'],
      [{ ...groupRow('A2'), channels: [] }, 'Channel can not be empty'],
      [{ ...groupRow('A3'), crawl_types: undefined }, 'Crawling Type can not be empty'],
      [{ ...groupRow('A4'), end_date: '' }, 'End Date can not be empty'],
      [{ ...groupRow('A5'), notify_to_email: 'a@b' }, 'You have to enter valid email'],
      [{ ...groupRow('A6'), task_id: '' }, 'Task Id is a required attribute.'],
      [{ ...groupRow('A8'), account_requested_by: '' }, ADMIN_MSG.accountRequestedByRequired],
      [{ ...groupRow('A9'), account_manager_name: ' ' }, ADMIN_MSG.accountManagerNameRequired],
      [{ ...groupRow('A10'), associate1_name: undefined }, ADMIN_MSG.associate1NameRequired],
      [{ ...groupRow('A11'), account_manager_email: 'omar' }, ADMIN_MSG.invalidEmail],
      [{ ...groupRow('A12'), associate1_email: '' }, ADMIN_MSG.invalidEmail],
      [{ ...groupRow('A7'), end_date: '31/12/2030' }, 'End Date must match format "date"'],
      [groupRow('ACME foods'), 'Group Name already exists.'],
    ];
    for (const [body, msg] of cases) {
      const res = await staff.post(CREATE, body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect({ groups: await count('groups'), audit: await count('audit_log') }).toEqual(before);
  });

  it('answers 400, never 500, to unknown fields, wrong types, huge lists and strings, and writes nothing', async () => {
    const before = {
      groups: await count('groups'),
      audit: await count('audit_log'),
      roles: await count('roles'),
    };
    const hostile: unknown[] = [
      { ...groupRow('H1'), is_admin: true },
      { ...groupRow('H2'), id: 1 },
      { ...groupRow('H3'), channels: '1' },
      { ...groupRow('H4'), group_name: { $ne: null } },
      { ...groupRow('H5'), channels: Array.from({ length: 10_000 }, (_, i) => i) },
      { ...groupRow('H6'), comments: 'x'.repeat(1_000_000) },
      [groupRow('H7')],
      'H8',
    ];
    for (const body of hostile) {
      const res = await staff.post(CREATE, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.statusCode).toBe(0);
    }
    expect({
      groups: await count('groups'),
      audit: await count('audit_log'),
      roles: await count('roles'),
    }).toEqual(before);
    expect((await staff.post('mutate/client/createaccount/nope', groupRow('H9'))).status).toBe(404);
  });
});

describe('update and toggle', () => {
  it('refuses a stale edit with a clear message and overwrites nothing', async () => {
    const token = await readToken(1);
    // The end date is the subscription's, platform staff's to change (platformBoundaries.test.ts).
    const end_date = (await group(1)).end_date;
    const first = await admin.post('mutate/client/clients/edit', {
      ...token,
      group_name: 'Demo Brands',
      end_date,
      comments: 'renewed',
      notify_to_email: 'ops@demo.test',
    });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe('Updated');
    expect(Object.keys((first.body.data as { changed: object }).changed).sort()).toEqual(
      ['comments', 'notify_to_email'].sort(),
    );
    const stale = await admin.post('mutate/client/clients/edit', {
      ...token,
      group_name: 'Demo Brands',
      end_date,
      comments: 'overwritten',
      notify_to_email: 'ops@demo.test',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(ADMIN_MSG.staleEdit);
    expect(await group(1)).toMatchObject({ end_date, comments: 'renewed' });
    const renamed = await admin.post('mutate/client/clients/edit', {
      ...(await readToken(1)),
      group_name: 'acme foods',
      end_date,
      comments: 'x',
      notify_to_email: 'ops@demo.test',
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.msg).toBe('Group Name already exists.');
  });

  it('toggles the status and audits before -> after', async () => {
    const res = await admin.post<{ changed: object }>('mutate/client/clients/status', await readToken(1));
    expect(res.status).toBe(200);
    expect(res.body.data!.changed).toEqual({ status: { before: 1, after: 0 } });
    const entry = await db()
      .selectFrom('audit_log')
      .select(['action', 'detail', 'actor_user_id'])
      .where('target', '=', 'group:1')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('group.toggled');
    const detail = (typeof entry.detail === 'string' ? JSON.parse(entry.detail) : entry.detail) as {
      before: { status: number };
      after: { status: number };
    };
    expect([detail.before.status, detail.after.status]).toEqual([1, 0]);
    await admin.post('mutate/client/clients/status', await readToken(1));
    expect((await group(1)).status).toBe(1);
  });
});

describe('who may write', () => {
  it('an admin of group 2 cannot edit or toggle group 1 nor create a group, nor an analyst run any mutation', async () => {
    const before = await group(1);
    const audit = await count('audit_log');
    const rival = await login(server, DEMO_USERS.rival, undefined, 2);
    const edit = await rival.post('mutate/client/clients/edit', {
      ...(await readToken(1)),
      group_name: 'Taken Over',
      end_date: '2020-01-01',
      comments: '',
      notify_to_email: 'x@rival.test',
    });
    expect(edit.status).toBe(403);
    expect((await rival.post('mutate/client/clients/status', await readToken(1))).status).toBe(403);
    const own = await rival.post('mutate/client/clients/status', await readToken(2));
    expect(own.status).toBe(200);
    // Toggle back, and check it landed: later tests need group 2 switched on.
    const back = await rival.post<{ changed: object }>('mutate/client/clients/status', await readToken(2));
    expect(back.status).toBe(200);
    expect(back.body.data!.changed).toEqual({ status: { before: 0, after: 1 } });
    expect((await group(2)).status).toBe(1);
    // Creating a group is platform staff's: the group admins of the demo too are refused.
    for (const groupAdmin of [rival, admin])
      expect((await groupAdmin.post(CREATE, groupRow('By A Group Admin'))).status).toBe(403);
    const analyst = await login(server, DEMO_USERS.analyst);
    expect((await analyst.post(CREATE, groupRow('By Analyst'))).status).toBe(403);
    expect((await analyst.post(VERIFY, { field: 'group_name', value: 'x' })).status).toBe(403);
    expect((await analyst.post('mutate/client/clients/status', await readToken(1))).status).toBe(403);
    expect(await group(1)).toEqual(before);
    // The two toggles, and each refused create or name check (platform-wide, so audited).
    expect(await count('audit_log')).toBe(audit + 6);
    expect((await server.client().post(CREATE, groupRow('Anonymous'))).status).toBe(401);
  });

  it("reads the group rows of the caller's groups only, paged and sorted on catalogue columns", async () => {
    type Page = { rows: { id: number; group_name: string; status: number }[]; total: number };
    const ROWS = 'rows/client/clients/group';
    expect((await group(2)).status).toBe(1);
    const rival = await login(server, DEMO_USERS.rival, undefined, 2);
    const theirs = await rival.get<Page>(ROWS, { order_by: 'group_name', order_type: 'desc' });
    expect(theirs.status).toBe(200);
    const rivalPage = theirs.body.data!;
    expect(rivalPage.rows.map((r) => r.id)).toContain(2);
    expect(rivalPage.rows.map((r) => r.id)).not.toContain(1);
    const names = rivalPage.rows.map((r) => r.group_name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));

    const all = (await admin.get<Page>(ROWS, { limit: 500 })).body.data!;
    expect(all.rows.map((r) => r.id)).toContain(1);
    expect(all.rows.map((r) => r.id)).not.toContain(2);
    const first = (await admin.get<Page>(ROWS, { limit: 1 })).body.data!;
    expect(first).toEqual({ rows: all.rows.slice(0, 1), total: all.total });
    const past = (await admin.get<Page>(ROWS, { offset: all.total })).body.data!;
    expect(past).toEqual({ rows: [], total: all.total });

    // The toggle's write shows in the next read.
    const status = (await group(1)).status;
    expect((await admin.post('mutate/client/clients/status', await readToken(1))).status).toBe(200);
    const reread = (await admin.get<Page>(ROWS, { limit: 500 })).body.data!;
    expect(reread.rows.find((r) => r.id === 1)?.status).toBe(status === 1 ? 0 : 1);
    expect((await admin.post('mutate/client/clients/status', await readToken(1))).status).toBe(200);

    expect((await admin.get(ROWS, { order_by: 'password' })).status).toBe(400);
    expect((await admin.get(ROWS, { order_by: 'channels' })).status).toBe(400);
    expect((await admin.get(ROWS, { limit: 100000 })).status).toBe(400);
    expect((await admin.get('rows/client/clients/user')).status).toBe(404);
    const analyst = await login(server, DEMO_USERS.analyst);
    expect((await analyst.get(ROWS)).status).toBe(403);
    expect((await server.client().get(ROWS)).status).toBe(401);
  });
});
