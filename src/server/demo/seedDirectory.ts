import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../platform/store/storeDatabase.js';
import { createGroup, findGroupById, updateGroup } from '../platform/store/groupRepo.js';

type Db = Kysely<StoreDatabase>;

/** What the admin side's demo needs beyond the fixed logins: ids of the groups seeded first. */
export interface DirectoryBase {
  demoBrands: number;
  rival: number;
  legacy: number;
  adminUserId: number;
  hash: string;
}

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The spec's group fields for a demo tenant (names and mails are made up, deterministic). */
function accountFields(slug: string, channels: number[]) {
  return {
    notify_to_email: `alerts@${slug}.test`,
    account_requested_by: 'Priya Natarajan',
    account_manager_name: 'Omar Haddad',
    account_manager_email: 'omar.haddad@shelfscope.test',
    associate1_name: 'Lena Fischer',
    associate1_email: 'lena.fischer@shelfscope.test',
    task_id: `CS-${slug.length * 97}`,
    channels,
    crawl_types: [0, 4],
  };
}

const FIRST = ['Asha', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Gita', 'Hugo', 'Ines', 'Jon'];
const LAST = ['Kaur', 'Lopez', 'Mensah', 'Novak', 'Okafor', 'Park', 'Quinn', 'Rossi', 'Silva', 'Tanaka'];

/**
 * Two more tenants (one ending in 10 days), 20 staff users spread over the groups with roles
 * (one blocked, one not yet activated), and four weeks of audit history. The fixed demo logins
 * (README) keep exactly their groups and roles: nothing here maps them anywhere new.
 */
export async function seedDirectory(db: Db, base: DirectoryBase, now = Date.now()): Promise<void> {
  const demoBrands = await findGroupById(db, base.demoBrands);
  // A contract end two years out: the edit form requires an end date, so a group without one could
  // not be saved as it stands.
  if (demoBrands)
    await updateGroup(
      db,
      demoBrands.id,
      { ...accountFields('demobrands', [1, 2, 3]), end_date: isoDate(now + 730 * DAY) },
      demoBrands.updated_at,
    );
  const northwind = await createGroup(db, {
    group_name: 'Northwind Grocers',
    end_date: isoDate(now + 10 * DAY),
    ...accountFields('northwind', [1, 4]),
    comments: 'Renewal under discussion',
  });
  const coastal = await createGroup(db, {
    group_name: 'Coastal Beverages',
    end_date: isoDate(now + 365 * DAY),
    ...accountFields('coastal', [4, 49]),
    associate2_name: 'Mateo Ruiz',
    associate2_email: 'mateo.ruiz@shelfscope.test',
    schema_types: [1],
  });
  const groups = [base.demoBrands, base.rival, northwind.id, coastal.id, base.legacy];
  const roles = await rolesFor(db, groups);
  const userIds: number[] = [];
  for (let i = 0; i < 20; i++) {
    const first = FIRST[i % 10]!;
    const last = LAST[(i * 3) % 10]!;
    const row = await db
      .insertInto('users')
      .values({
        user_name: `${first}.${last}${i}@shelfscope.test`.toLowerCase(),
        first_name: first,
        last_name: last,
        password_hash: i === 19 ? null : base.hash,
        verified: i !== 19,
        // In Demo Brands (i % 4 === 0): the demo admin's Blocked Users screen has a row to show.
        status: i === 8 ? 'blocked' : 'active',
        password_changed_at: new Date(now - (i + 1) * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
    const groupId = groups[i % 4]!;
    const roleIds = roles.get(groupId)!;
    await db
      .insertInto('user_group_roles')
      .values({
        user_id: row.id,
        group_id: groupId,
        role_id: roleIds[i % roleIds.length]!,
        status: i % 9 !== 5,
      })
      .execute();
  }
  await seedAudit(db, base.adminUserId, groups, userIds, now);
  await seedClientSettings(db, base.demoBrands, northwind.id, coastal.id, base.adminUserId, now);
}

/** Per-group arguments and Athena-sync schema types (client/clientargs, client/clientathenasyn). */
async function seedClientSettings(
  db: Db,
  demoBrands: number,
  northwind: number,
  coastal: number,
  admin: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('group_args')
    .values([
      {
        group_id: demoBrands,
        arg_key: 'crawl_pincode',
        arg_value: '560001',
        description: 'Default delivery pincode',
      },
      {
        group_id: demoBrands,
        arg_key: 'max_pages',
        arg_value: '5',
        description: 'Search result pages crawled per keyword',
      },
      { group_id: demoBrands, arg_key: 'report_currency', arg_value: 'INR' },
      { group_id: northwind, arg_key: 'max_pages', arg_value: '3' },
      { group_id: coastal, arg_key: 'crawl_pincode', arg_value: '400001', status: 0 },
    ])
    .execute();
  const types = await db
    .insertInto('athena_schema_types')
    .values([
      { group_id: demoBrands, schema_type: 'availability', is_monthly: 0 },
      { group_id: demoBrands, schema_type: 'sales', is_monthly: 1 },
      { group_id: demoBrands, schema_type: 'reviews', is_monthly: 1, status: 0 },
      { group_id: coastal, schema_type: 'price', is_monthly: 0 },
    ])
    .returning(['id', 'group_id', 'is_monthly'])
    .execute();
  const synced = types.slice(0, 2);
  await db
    .insertInto('athena_sync_runs')
    .values(
      synced.map((t, i) => ({
        schema_type_id: t.id,
        group_id: t.group_id,
        is_monthly: t.is_monthly,
        status: 'completed',
        requested_by: admin,
        created_at: new Date(now - (i + 2) * DAY),
      })),
    )
    .execute();
  for (const [i, t] of synced.entries())
    await db
      .updateTable('athena_schema_types')
      .set({ last_sync_at: new Date(now - (i + 2) * DAY), sync_count: 1 })
      .where('id', '=', t.id)
      .execute();
}

/** Each group's role ids; the new tenants get an Admin and an Analyst role. */
async function rolesFor(db: Db, groups: number[]): Promise<Map<number, number[]>> {
  for (const groupId of groups.slice(2, 4)) {
    await db
      .insertInto('roles')
      .values([
        { group_id: groupId, name: 'Admin', description: 'Every screen', auto_grant: '%' },
        { group_id: groupId, name: 'Analyst', description: 'Stock and price screens', auto_grant: 'stock/%' },
      ])
      .execute();
  }
  const rows = await db.selectFrom('roles').select(['id', 'group_id']).orderBy('id').execute();
  const byGroup = new Map<number, number[]>();
  for (const r of rows) byGroup.set(r.group_id, [...(byGroup.get(r.group_id) ?? []), r.id]);
  return byGroup;
}

const ACTIONS = [
  ['user', 'user.created'],
  ['user', 'user.edited'],
  ['role', 'role.edited'],
  ['group', 'group.edited'],
  ['user', 'user.status_changed'],
  ['share_link', 'share_link.created'],
] as const;

/** Four weeks of admin history, about two entries a day, oldest first. */
async function seedAudit(
  db: Db,
  actor: number,
  groups: number[],
  users: number[],
  now: number,
): Promise<void> {
  const rows = Array.from({ length: 56 }, (_, i) => {
    const [entity, action] = ACTIONS[i % ACTIONS.length]!;
    const groupId = groups[i % 4]!;
    const subject = entity === 'user' ? users[i % users.length]! : entity === 'group' ? groupId : i + 1;
    return {
      actor_user_id: i % 3 === 0 ? actor : users[(i * 7) % users.length]!,
      action,
      entity,
      group_id: groupId,
      target: `${entity}:${subject}`,
      detail: JSON.stringify({ demo: true }),
      created_at: new Date(now - (28 * DAY * (56 - i)) / 56),
    };
  });
  await db.insertInto('audit_log').values(rows).execute();
}
