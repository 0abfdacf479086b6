import { seedDemoAlertRules } from '../features/alerts/seedAlertRules.js';
import type { Kysely } from 'kysely';
import type { Env } from '../platform/settings/env.js';
import type { Store } from '../platform/store/store.js';
import type { StoreDatabase } from '../platform/store/storeDatabase.js';
import type { ConfigRegistry } from '../language/config/configRegistry.js';
import { applyAutoGrants, syncActivities } from '../platform/store/accessRepo.js';
import { accept } from '../platform/store/agreementRepo.js';
import { hashPassword } from '../access/auth/password.js';
import { permissionsOf } from '../access/auth/menu.js';
import { AGREEMENT_VERSION } from '../access/auth/agreementText.js';
import { seedDirectory } from './seedDirectory.js';
import { isAdminActivity } from '../../shared/admin/adminActivities.js';

/** The demo's other logins share the demo password; their names are fixed. */
export const DEMO_USERS = {
  rival: 'rival@shelfscope.test',
  multi: 'multi@shelfscope.test',
  stock: 'stock@shelfscope.test',
  analyst: 'analyst@shelfscope.test',
  /** Platform staff (docs/principals.md): the screen editor, above every group. */
  staff: 'staff@shelfscope.test',
} as const;

/**
 * Demo tenants and logins on an empty store (prints nothing; main.ts prints the login):
 * group 1 Demo Brands (the demo login, an admin with every screen), group 2 Rival Foods (a
 * second tenant for isolation), group 3 Legacy Retail (expired), a two-group user, and a user
 * whose role shows the stock screens only, an analyst who sees every screen but no admin area
 * (admin areas are activities: the demo login's Admin role holds them, the Analyst role does not),
 * and platform staff, who alone edit the global config (the screen editor). Roles use auto_grant patterns, so screens added to
 * the config later reach them when activities sync at start. seedDirectory adds the admin side's
 * tenants, staff and audit history. Returns false when not empty.
 */
export async function seedStore(store: Store, env: Env, config?: ConfigRegistry): Promise<boolean> {
  const db = store.db;
  const existing = await db.selectFrom('users').select('id').limit(1).execute();
  if (existing.length > 0) return false;
  if (config) await syncActivities(db, permissionsOf(config.current()));
  const hash = await hashPassword(env.DEMO_PASSWORD);
  await db.transaction().execute(async (tx) => {
    const demoBrands = await group(tx, 'Demo Brands', null);
    const rival = await group(tx, 'Rival Foods', null);
    const legacy = await group(tx, 'Legacy Retail', '2025-12-31');
    const adminDemo = await role(tx, demoBrands, 'Admin', 'Every screen', '%');
    const stockOnly = await role(tx, demoBrands, 'Stock Viewer', 'Stock screens only', 'stock/%');
    const adminRival = await role(tx, rival, 'Admin', 'Every screen', '%');
    const adminLegacy = await role(tx, legacy, 'Admin', 'Every screen', '%');

    const demo = await user(tx, env.DEMO_USER, 'Demo', 'User', hash);
    await map(tx, demo, demoBrands, adminDemo);
    await accept(tx, demo, AGREEMENT_VERSION);
    const riya = await user(tx, DEMO_USERS.rival, 'Riya', 'Rival', hash);
    await map(tx, riya, rival, adminRival);
    await seedDemoAlertRules(tx, demoBrands, env.DEMO_USER, demo);
    await seedDemoAlertRules(tx, rival, DEMO_USERS.rival, riya);
    const multi = await user(tx, DEMO_USERS.multi, 'Manu', 'Multi', hash);
    await map(tx, multi, demoBrands, adminDemo);
    await map(tx, multi, legacy, adminLegacy);
    await map(tx, await user(tx, DEMO_USERS.stock, 'Sam', 'Stock', hash), demoBrands, stockOnly);
    const analyst = await role(tx, demoBrands, 'Analyst', 'Every screen, no admin area', null);
    await grantScreensOnly(tx, analyst);
    await map(tx, await user(tx, DEMO_USERS.analyst, 'Ana', 'Analyst', hash), demoBrands, analyst);
    // Staff sign in to a group like anyone (the editor previews drafts on its data); the flag,
    // not a role, grants the editor.
    const staff = await user(tx, DEMO_USERS.staff, 'Stef', 'Staff', hash);
    await tx.updateTable('users').set({ is_platform_staff: true }).where('id', '=', staff).execute();
    await map(tx, staff, demoBrands, analyst);
    await accept(tx, staff, AGREEMENT_VERSION);
    await seedDirectory(tx, { demoBrands, rival, legacy, adminUserId: demo, hash });
    await applyAutoGrants(tx);
  });
  return true;
}

type Db = Kysely<StoreDatabase>;

async function group(db: Db, name: string, endDate: string | null): Promise<number> {
  const row = await db
    .insertInto('groups')
    .values({ group_name: name, end_date: endDate })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function role(
  db: Db,
  groupId: number,
  name: string,
  description: string,
  autoGrant: string | null,
): Promise<number> {
  const row = await db
    .insertInto('roles')
    .values({ group_id: groupId, name, description, auto_grant: autoGrant })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function user(db: Db, userName: string, first: string, last: string, hash: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      user_name: userName.toLowerCase(),
      first_name: first,
      last_name: last,
      password_hash: hash,
      verified: true,
      password_changed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function map(db: Db, userId: number, groupId: number, roleId: number): Promise<void> {
  await db
    .insertInto('user_group_roles')
    .values({ user_id: userId, group_id: groupId, role_id: roleId })
    .execute();
}

/** Every screen activity known now, none of the admin areas. */
async function grantScreensOnly(db: Db, roleId: number): Promise<void> {
  const screens = (await db.selectFrom('activities').select(['id', 'url']).execute()).filter(
    (a) => !isAdminActivity(a.url),
  );
  if (screens.length)
    await db
      .insertInto('role_activities')
      .values(screens.map((a) => ({ role_id: roleId, activity_id: a.id })))
      .execute();
}
