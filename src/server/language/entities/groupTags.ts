import { sql } from 'kysely';
import type { Db, FilterValue, OptionItem, OptionsRequest } from './entityRepo.js';

/** The spec's tag searches and the filter field each fills. */
export const TAG_SOURCE_FIELDS: Readonly<Record<string, string | undefined>> = {
  search_group_tags: 'group_ids',
  search_user_tags: 'user_ids',
};

/**
 * The spec's group and user tag search (search_group_tags, search_user_tags) on the groups grid:
 * chosen group tags keep those groups, chosen user tags keep the groups those users are mapped
 * to; both only ever narrow the caller's own groups.
 */
export async function taggedGroups(
  db: Db,
  groupIds: readonly number[],
  filters: Readonly<Record<string, FilterValue>>,
): Promise<number[]> {
  let ids = [...groupIds];
  const tags = filters.group_ids;
  if (Array.isArray(tags)) ids = ids.filter((id) => tags.includes(id));
  const users = filters.user_ids;
  if (Array.isArray(users) && users.length && ids.length) {
    const rows = await db
      .selectFrom('user_group_roles')
      .select('group_id')
      .distinct()
      .where('user_id', 'in', users)
      .where('group_id', 'in', ids)
      .execute();
    ids = rows.map((r) => r.group_id);
  }
  return ids;
}

/**
 * Options of the two tags: group names (by prefix), or users mapped to the caller's groups whose
 * e-mail (user name) or full name holds the typed text, shown as their e-mail.
 */
export async function groupTagOptions(
  db: Db,
  request: OptionsRequest,
): Promise<{ options: OptionItem[]; total: number }> {
  const scope = request.groupIds.length ? request.groupIds : [-1];
  const escaped = request.prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const like = `${escaped}%`;
  const contains = `%${escaped}%`;
  if (request.field === 'user_ids') {
    const users = db
      .selectFrom('users as u')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_group_roles as m')
            .select('m.user_id')
            .whereRef('m.user_id', '=', 'u.id')
            .where('m.group_id', 'in', scope),
        ),
      )
      .where(
        sql<boolean>`(u.user_name ilike ${contains} OR (u.first_name || ' ' || u.last_name) ilike ${contains})`,
      );
    const rows = await users
      .select(['u.id as key', 'u.user_name as name'])
      .orderBy('u.user_name')
      .limit(request.limit)
      .offset(request.offset)
      .execute();
    const { n } = await users.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { options: rows, total: Number(n) };
  }
  const groups = db
    .selectFrom('groups as g')
    .where('g.id', 'in', scope)
    .where(sql<boolean>`g.group_name ilike ${like}`);
  const rows = await groups
    .select(['g.id as key', 'g.group_name as name'])
    .orderBy('g.group_name')
    .limit(request.limit)
    .offset(request.offset)
    .execute();
  const { n } = await groups.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { options: rows, total: Number(n) };
}
