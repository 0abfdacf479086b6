import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';

type Db = Kysely<StoreDatabase>;

export interface MappingView {
  id: number;
  group_id: number;
  group: string;
  role_id: number;
  role: string;
  status: boolean;
}

/** A user's group -> role mappings (§3 "Mapping entry"), limited to `groupIds`. */
export function mappingsOf(db: Db, userId: number, groupIds: readonly number[]): Promise<MappingView[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_group_roles as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.id', 'm.group_id', 'g.group_name as group', 'm.role_id', 'r.name as role', 'm.status'])
    .where('m.user_id', '=', userId)
    .where('m.group_id', 'in', groupIds)
    .orderBy('g.group_name')
    .execute();
}

/** Sets the user's mapping of one group (one role per group, §6), inserting or replacing it. */
export async function putMapping(
  db: Db,
  userId: number,
  entry: { group_id: number; role_id: number; status: boolean },
): Promise<void> {
  await db
    .insertInto('user_group_roles')
    .values({ user_id: userId, ...entry })
    .onConflict((oc) =>
      oc.columns(['user_id', 'group_id']).doUpdateSet({ role_id: entry.role_id, status: entry.status }),
    )
    .execute();
}

export async function deleteMapping(db: Db, userId: number, groupId: number): Promise<void> {
  await db
    .deleteFrom('user_group_roles')
    .where('user_id', '=', userId)
    .where('group_id', '=', groupId)
    .execute();
}
