import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { MailerTags } from './reportMailerRepo.js';

const ids = (text: string | undefined) => (text ? text.split(',').map(Number) : undefined);

/**
 * The grid's chosen tags as mailer filters. A user tag stands for the user's address and the
 * groups they are mapped to (a group tag reaches them); only users of the caller's group count,
 * so another tenant's user id narrows to nothing rather than reading their address.
 */
export async function mailerTags(
  db: Kysely<StoreDatabase>,
  groupId: number,
  query: { group_ids?: string; user_ids?: string },
): Promise<MailerTags> {
  const groupIds = ids(query.group_ids);
  const userIds = ids(query.user_ids);
  if (!userIds) return { ...(groupIds ? { groupIds } : {}) };
  const users = await db
    .selectFrom('users as u')
    .innerJoin('user_group_roles as m', 'm.user_id', 'u.id')
    .select(['u.user_name', 'm.group_id'])
    .where('u.id', 'in', userIds)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_group_roles as own')
          .select('own.user_id')
          .whereRef('own.user_id', '=', 'u.id')
          .where('own.group_id', '=', groupId),
      ),
    )
    .execute();
  return {
    ...(groupIds ? { groupIds } : {}),
    emails: [...new Set(users.map((u) => u.user_name))],
    reachGroups: [...new Set(users.map((u) => u.group_id))],
  };
}
