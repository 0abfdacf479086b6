import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';

export interface UserGridRow {
  id: number;
  user_name: string;
  first_name: string;
  last_name: string;
  status: string;
  verified: boolean;
  last_success_login: Date | null;
  /** The read token an edit or status change sends back (stale writes are refused). */
  updated_at: Date;
  /** The user's mappings in the listed groups only. */
  mappings: { group_id: number; group: string; role_id: number; role: string; status: boolean }[];
}

interface Filter {
  limit: number;
  offset: number;
  search?: string | undefined;
  id?: number;
  /** The Users screen's user tags (search_user_tags): only these users. */
  ids?: readonly number[];
  /** Its group tags (search_group_tags): only users mapped to one of these of `groupIds`. */
  inGroups?: readonly number[];
  pending?: boolean;
  blocked?: boolean;
  status?: 'active' | 'blocked';
  /** A users column (the generic rows route passes catalogue fields only); default newest first. */
  orderBy?: UserSort;
  descending?: boolean;
}

export type UserSort =
  'id' | 'user_name' | 'first_name' | 'last_name' | 'status' | 'created_at' | 'updated_at';

/**
 * Users with a mapping in `groupIds` (the caller's tenants), paged, newest first; each row carries
 * only the mappings of those groups, so another tenant's groups and roles never show.
 */
export async function usersInGroups(
  db: Kysely<StoreDatabase>,
  groupIds: readonly number[],
  filter: Filter,
): Promise<{ total: number; rows: UserGridRow[] }> {
  if (groupIds.length === 0) return { total: 0, rows: [] };
  let base = db
    .selectFrom('users as u')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_group_roles as m')
          .select('m.id')
          .whereRef('m.user_id', '=', 'u.id')
          .where('m.group_id', 'in', groupIds),
      ),
    );
  if (filter.search) {
    const like = `%${filter.search
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('u.user_name', 'like', like),
        eb(sql<string>`lower(u.first_name || ' ' || u.last_name)`, 'like', like),
      ]),
    );
  }
  if (filter.id) base = base.where('u.id', '=', filter.id);
  if (filter.ids) base = base.where('u.id', 'in', filter.ids.length ? filter.ids : [-1]);
  const tagged = filter.inGroups?.filter((g) => groupIds.includes(g));
  if (tagged)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_group_roles as t')
          .select('t.id')
          .whereRef('t.user_id', '=', 'u.id')
          .where('t.group_id', 'in', tagged.length ? tagged : [-1]),
      ),
    );
  if (filter.pending) base = base.where('u.verified', '=', false);
  if (filter.blocked) base = base.where('u.status', '=', 'blocked');
  if (filter.status) base = base.where('u.status', '=', filter.status);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const users = await base
    .select([
      'u.id',
      'u.user_name',
      'u.first_name',
      'u.last_name',
      'u.status',
      'u.verified',
      'u.last_success_login',
      'u.updated_at',
    ])
    .orderBy(`u.${filter.orderBy ?? 'id'}`, filter.orderBy && !filter.descending ? 'asc' : 'desc')
    .orderBy('u.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const ids = users.map((u) => u.id);
  const mappings = ids.length
    ? await db
        .selectFrom('user_group_roles as m')
        .innerJoin('groups as g', 'g.id', 'm.group_id')
        .innerJoin('roles as r', 'r.id', 'm.role_id')
        .select([
          'm.user_id',
          'm.group_id',
          'g.group_name as group',
          'm.role_id',
          'r.name as role',
          'm.status',
        ])
        .where('m.user_id', 'in', ids)
        .where('m.group_id', 'in', groupIds)
        .orderBy('g.group_name')
        .execute()
    : [];
  return {
    total: Number(total.n),
    rows: users.map((u) => ({
      ...u,
      mappings: mappings.filter((m) => m.user_id === u.id).map(({ user_id: _u, ...m }) => m),
    })),
  };
}
