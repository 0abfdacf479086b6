import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/demo/seedStore.js';
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { login, startAuthServer, type AuthServer } from './authHarness.js';
import type { ApiClient } from './support/apiClient.js';

/**
 * The client area's config screens on the generic engine (docs/admin.md), against the real
 * server and store (PGlite, or PostgreSQL with API_TEST_PG=1): client logs as a read-only
 * entity grid with filters and paging, per-group args and Athena schema types with a sync run,
 * the clients grid's tag search — each limited to the caller's groups. The demo admin holds
 * group 1 (Demo Brands), rival's admin group 2 (Rival Foods); the demo seeds four weeks of log.
 */
let server: AuthServer;
let admin: ApiClient;
let rival: ApiClient;
let analyst: ApiClient;

const product = loadConfigSnapshot('screens');
const LOGS = 'rows/client/clientlogs/auditEntry';

interface Log {
  id: number;
  group_id: number;
  user_id: number;
  action: string;
  created_at: string;
  changes: string;
}
type Page<T> = { rows: T[]; total: number };

beforeAll(async () => {
  server = await startAuthServer();
  const fixed = server.config.current();
  const screens = new Map(fixed.screens);
  for (const id of [
    'client/clients',
    'client/clientlogs',
    'client/clientargs',
    'client/clientathenasyn',
    'user/users',
  ])
    screens.set(id, product.screens.get(id)!);
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
const logs = (client: ApiClient, query: Record<string, string | number> = {}) =>
  client.get<Page<Log>>(LOGS, { limit: 500, ...query });

describe('client logs (a read-only entity grid)', () => {
  it("pages the caller's groups' audit trail, newest first, and filters by action, user, group and dates", async () => {
    const all = await logs(admin, { order_by: 'created_at', order_type: 'desc' });
    expect(all.status).toBe(200);
    const rows = all.body.data!.rows;
    expect(all.body.data!.total).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.group_id))).toEqual(new Set([1])); // Demo Brands only
    const times = rows.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Paging: two pages of 4 are the first 8 rows, the total stays.
    const p1 = await logs(admin, { order_by: 'created_at', order_type: 'desc', limit: 4, offset: 0 });
    const p2 = await logs(admin, { order_by: 'created_at', order_type: 'desc', limit: 4, offset: 4 });
    expect([...p1.body.data!.rows, ...p2.body.data!.rows].map((r) => r.id)).toEqual(
      rows.slice(0, 8).map((r) => r.id),
    );
    expect(p2.body.data!.total).toBe(rows.length);

    const action = rows[0]!.action;
    const byAction = await logs(admin, { action });
    expect(byAction.body.data!.rows.length).toBe(rows.filter((r) => r.action === action).length);
    const user = rows[0]!.user_id;
    const byUser = await logs(admin, { user_id: user });
    expect(byUser.body.data!.rows.map((r) => r.id).sort()).toEqual(
      rows
        .filter((r) => r.user_id === user)
        .map((r) => r.id)
        .sort(),
    );
    // A date range keeps the entries of those days only (UTC days, both ends included).
    const day = rows[Math.floor(rows.length / 2)]!.created_at.slice(0, 10);
    const oneDay = await logs(admin, { start_date: day, end_date: day });
    expect(oneDay.body.data!.rows.length).toBe(rows.filter((r) => r.created_at.slice(0, 10) === day).length);
    expect(oneDay.body.data!.rows.length).toBeGreaterThan(0);
    expect((await logs(admin, { start_date: '-1', end_date: '-1' })).body.data!.total).toBe(rows.length);
  });

  it("never shows another group's entries, and offers options from the caller's groups only", async () => {
    expect((await logs(admin, { group_id: 2 })).body.data).toEqual({ rows: [], total: 0 });
    const theirs = await logs(rival);
    expect(theirs.body.data!.total).toBeGreaterThan(0);
    expect(new Set(theirs.body.data!.rows.map((r) => r.group_id))).toEqual(new Set([2]));
    const groups = await admin.get<Record<string, { key: number; name: string }[]>>('suggestion/log_groups', {
      screenName: 'client/clientlogs',
    });
    expect(groups.body.data!.log_groups).toEqual([{ key: 1, name: 'Demo Brands' }]);
    const actions = await rival.get<Record<string, { key: string }[]>>('suggestion/log_actions', {
      screenName: 'client/clientlogs',
    });
    const rivalActions = new Set(theirs.body.data!.rows.map((r) => r.action));
    expect(new Set(actions.body.data!.log_actions!.map((o) => o.key))).toEqual(rivalActions);
  });

  it('refuses bad filters, unknown filters and sorts with 400; the analyst gets 403', async () => {
    const bad: Record<string, string>[] = [
      { user_id: 'x' },
      { start_date: '2026-13-45' },
      { nope: '1' },
      { order_by: 'detail' },
    ];
    for (const query of bad) expect((await logs(admin, query)).status).toBe(400);
    expect((await logs(analyst)).status).toBe(403);
    const opts = await analyst.get('suggestion/log_users', { screenName: 'client/clientlogs' });
    expect(opts.status).toBe(403);
  });
});

describe('client args and Athena sync (per-group, audited writes)', () => {
  it("creates, edits, toggles and deletes a group's argument, each audited in the group; another tenant gets 403", async () => {
    const created = await admin.post<{ id: number; row: { updated_at: string; group_id: number } }>(
      'mutate/client/clientargs/create',
      { arg_key: 'timeout_ms', arg_value: ' 3000 ', description: '' },
    );
    expect(created.body).toMatchObject({ statusCode: 1, msg: 'Argument Added Successfully' });
    const { id, row } = created.body.data!;
    expect(row.group_id).toBe(1); // the session's group
    expect(
      (await admin.post('mutate/client/clientargs/create', { arg_key: 'timeout_ms', arg_value: '1' })).status,
    ).toBe(400); // one value per key and group
    expect((await admin.post('mutate/client/clientargs/create', { arg_key: 'x' })).body.msg).toBe(
      'Value is a required attribute.',
    );

    // Rival's admin cannot edit, toggle or see it.
    const stolen = await rival.post('mutate/client/clientargs/edit', {
      id,
      updated_at: row.updated_at,
      arg_value: 'hijacked',
    });
    expect(stolen.status).toBe(403);
    const rivalRows = await rival.get<Page<{ id: number }>>('rows/client/clientargs/groupArg', {
      limit: 500,
    });
    expect(rivalRows.body.data!.rows.map((r) => r.id)).not.toContain(id);

    const edited = await admin.post<{ row: { updated_at: string; arg_value: string } }>(
      'mutate/client/clientargs/edit',
      { id, updated_at: row.updated_at, arg_value: '5000' },
    );
    expect(edited.body.data!.row.arg_value).toBe('5000');
    const stale = await admin.post('mutate/client/clientargs/status', { id, updated_at: row.updated_at });
    expect(stale.status).toBe(409);
    const toggled = await admin.post<{ row: { updated_at: string; status: number } }>(
      'mutate/client/clientargs/status',
      { id, updated_at: edited.body.data!.row.updated_at },
    );
    expect(toggled.body.data!.row.status).toBe(0);
    const edits = await logs(admin, { action: 'groupArg.edited' });
    expect(edits.body.data!.rows[0]).toMatchObject({ group_id: 1, changes: 'arg_value: "3000" → "5000"' });
    const removed = await admin.post('mutate/client/clientargs/remove', {
      id,
      updated_at: toggled.body.data!.row.updated_at,
    });
    expect(removed.status).toBe(200);
    expect(
      await db().selectFrom('group_args').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const trail = await logs(admin, { order_by: 'id', order_type: 'desc', limit: 4 });
    expect(trail.body.data!.rows.map((r) => r.action)).toEqual([
      'groupArg.deleted',
      'groupArg.toggled',
      'groupArg.edited',
      'groupArg.created',
    ]);
    expect(
      (await analyst.post('mutate/client/clientargs/create', { arg_key: 'a', arg_value: 'b' })).status,
    ).toBe(403);
  });

  it('adds a schema type and records a sync run in its group; another tenant cannot sync it', async () => {
    const created = await admin.post<{ id: number; row: { updated_at: string } }>(
      'mutate/client/clientathenasyn/create',
      { schema_type: 'search', is_monthly: 1 },
    );
    expect(created.status).toBe(200);
    const typeId = created.body.data!.id;
    const runs = () =>
      db().selectFrom('athena_sync_runs').selectAll().where('schema_type_id', '=', typeId).execute();
    expect((await rival.post('mutate/client/clientathenasyn/sync', { schema_type_id: typeId })).status).toBe(
      403,
    );
    expect(await runs()).toHaveLength(0);
    const sync = await admin.post<{ row: { group_id: number; is_monthly: number } }>(
      'mutate/client/clientathenasyn/sync',
      { schema_type_id: typeId },
    );
    expect(sync.body).toMatchObject({ statusCode: 1, msg: 'Sync Requested' });
    expect(sync.body.data!.row).toMatchObject({ group_id: 1, is_monthly: 1 });
    expect(await runs()).toHaveLength(1);
    const type = await db()
      .selectFrom('athena_schema_types')
      .selectAll()
      .where('id', '=', typeId)
      .executeTakeFirstOrThrow();
    expect(type.sync_count).toBe(1);
    expect(type.last_sync_at).not.toBeNull();
    const audited = await logs(admin, { action: 'athenaSyncRun.created' });
    expect(audited.body.data!.rows[0]).toMatchObject({ group_id: 1 });

    // Switched off, it cannot be synced; the run list shows the caller's groups only.
    const off = await admin.post('mutate/client/clientathenasyn/status', {
      id: typeId,
      updated_at: type.updated_at.toISOString(),
    });
    expect(off.status).toBe(200);
    const refused = await admin.post('mutate/client/clientathenasyn/sync', { schema_type_id: typeId });
    expect(refused.status).toBe(400);
    expect(await runs()).toHaveLength(1);
    const rivalRuns = await rival.get<Page<{ group_id: number }>>(
      'rows/client/clientathenasyn/athenaSyncRun',
    );
    expect(rivalRuns.body.data!.rows.every((r) => r.group_id === 2)).toBe(true);
    // Run statuses read as every other status does (Requested, not requested), on all three grids.
    const ours = await admin.get<Page<{ schema_type_id: number; status: string }>>(
      'rows/client/clientathenasyn/athenaSyncRun',
    );
    expect(ours.body.data!.rows.find((r) => r.schema_type_id === typeId)?.status).toBe('Requested');
    const statuses = [
      ...ours.body.data!.rows.map((r) => r.status),
      ...(await admin.get<Page<{ status: string }>>('tracking/athena-status/rows')).body.data!.rows.map(
        (r) => r.status,
      ),
      ...(
        await admin.get<Page<{ last_run_status: string }>>('processmonitor/athena_status/rows')
      ).body.data!.rows.map((r) => r.last_run_status),
    ];
    expect(statuses.length).toBeGreaterThan(1);
    for (const status of statuses) expect(status).toMatch(/^[A-Z]/);
    expect((await analyst.get('rows/client/clientathenasyn/athenaSchemaType')).status).toBe(403);
  });
});

describe('client/clients tag search (search_group_tags, search_user_tags)', () => {
  it("narrows the groups grid to tagged groups or the groups of tagged users, within the caller's groups", async () => {
    const groups = (query: Record<string, string>) =>
      admin.get<Page<{ id: number }>>('rows/client/clients/group', { limit: 50, ...query });
    expect((await groups({})).body.data!.rows.map((r) => r.id)).toEqual([1]);
    expect((await groups({ group_ids: '1,2' })).body.data!.rows.map((r) => r.id)).toEqual([1]);
    expect((await groups({ group_ids: '2' })).body.data!.total).toBe(0);
    const users = await admin.get<Record<string, { key: number; name: string }[]>>(
      'suggestion/search_user_tags',
      { screenName: 'client/clients', prefix: 'analyst' },
    );
    const analystKey = users.body.data!.search_user_tags![0]!.key;
    expect((await groups({ user_ids: String(analystKey) })).body.data!.rows.map((r) => r.id)).toEqual([1]);
    const rivalUser = await rival.get<Record<string, { key: number }[]>>('suggestion/search_user_tags', {
      screenName: 'client/clients',
      prefix: 'rival',
    });
    expect(
      (await groups({ user_ids: String(rivalUser.body.data!.search_user_tags![0]!.key) })).body.data!.total,
    ).toBe(0);
    const tags = await admin.get<Record<string, { name: string }[]>>('suggestion/search_group_tags', {
      screenName: 'client/clients',
    });
    expect(tags.body.data!.search_group_tags!.map((t) => t.name)).toEqual(['Demo Brands']);
  });
});

describe('user/users search (search_group_tags, search_user_tags)', () => {
  type UserRow = { id: number; user_name: string; first_name: string };
  const users = (client: ApiClient, query: Record<string, string> = {}) =>
    client.get<Page<UserRow>>('rows/user/users/user', { limit: 100, ...query });
  const userTags = (client: ApiClient, prefix: string) =>
    client.get<Record<string, { key: number; name: string }[]>>('suggestion/search_user_tags', {
      screenName: 'user/users',
      prefix,
    });

  it("finds users by e-mail or name and narrows the grid to them or to a group's users, within the caller's groups", async () => {
    const every = (await users(admin)).body.data!;
    expect(every.total).toBeGreaterThan(3);
    const analystRow = every.rows.find((r) => r.user_name === DEMO_USERS.analyst)!;

    // By e-mail and by first name: the same user, named by e-mail.
    const byMail = (await userTags(admin, 'analyst@')).body.data!.search_user_tags!;
    expect(byMail).toEqual([{ key: analystRow.id, name: DEMO_USERS.analyst }]);
    const byName = (await userTags(admin, analystRow.first_name.toUpperCase())).body.data!.search_user_tags!;
    expect(byName.map((t) => t.key)).toContain(analystRow.id);

    const tagged = (await users(admin, { user_ids: String(analystRow.id) })).body.data!;
    expect(tagged.rows.map((r) => r.id)).toEqual([analystRow.id]);
    expect(tagged.total).toBe(1);

    // Group tags: Demo Brands keeps every user of the grid; a group that is not the caller's keeps none.
    expect((await users(admin, { group_ids: '1' })).body.data!.total).toBe(every.total);
    expect((await users(admin, { group_ids: '2' })).body.data!.total).toBe(0);

    // Another tenant finds none of Demo Brands' users, and tagging one of them lists nothing.
    expect((await userTags(rival, 'analyst@')).body.data!.search_user_tags).toEqual([]);
    expect((await users(rival, { user_ids: String(analystRow.id) })).body.data!.total).toBe(0);
    expect((await users(admin, { user_ids: 'x' })).status).toBe(400);
  });
});
