import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { SavedViewRecord } from '../../../shared/screenApi.js';
import './savedViewsTable.js';

interface Owner {
  userId: number;
  groupId: number;
  screen: string;
}

export async function listViews(db: Kysely<StoreDatabase>, owner: Owner): Promise<SavedViewRecord[]> {
  const rows = await db
    .selectFrom('saved_views')
    .selectAll()
    .where('user_id', '=', owner.userId)
    .where('group_id', '=', owner.groupId)
    .where('screen', '=', owner.screen)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    state: JSON.parse(r.state) as Record<string, unknown>,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

/** Saves under a name; saving an existing name replaces that view. */
export async function saveView(
  db: Kysely<StoreDatabase>,
  owner: Owner,
  name: string,
  state: object,
): Promise<number> {
  const row = await db
    .insertInto('saved_views')
    .values({
      user_id: owner.userId,
      group_id: owner.groupId,
      screen: owner.screen,
      name,
      state: JSON.stringify(state),
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'group_id', 'screen', 'name'])
        .doUpdateSet({ state: JSON.stringify(state), updated_at: new Date() }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes one of the caller's own views; false when there is no such view of theirs. */
export async function deleteView(
  db: Kysely<StoreDatabase>,
  userId: number,
  groupId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_views')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
