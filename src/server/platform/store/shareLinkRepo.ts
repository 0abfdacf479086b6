import type { Insertable, Kysely } from 'kysely';
import type { ShareLinkRow, ShareLinksTable, StoreDatabase } from './storeDatabase.js';

/** Share links (paxviz): one view/menu/screen of one group, expiring, revocable one by one. */
export function insertShareLink(
  db: Kysely<StoreDatabase>,
  link: Insertable<ShareLinksTable>,
): Promise<ShareLinkRow> {
  return db.insertInto('share_links').values(link).returningAll().executeTakeFirstOrThrow();
}

/** The link when it exists, is not revoked and has not expired. */
export function findLiveShareLink(db: Kysely<StoreDatabase>, id: number): Promise<ShareLinkRow | undefined> {
  return db
    .selectFrom('share_links')
    .selectAll()
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

export function findShareLink(db: Kysely<StoreDatabase>, id: number): Promise<ShareLinkRow | undefined> {
  return db.selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokeShareLink(db: Kysely<StoreDatabase>, id: number): Promise<void> {
  await db.updateTable('share_links').set({ revoked_at: new Date() }).where('id', '=', id).execute();
}

/** A group's links, newest first; with `screen`, that screen's only. */
export function listShareLinks(
  db: Kysely<StoreDatabase>,
  groupId: number,
  screen?: string,
): Promise<ShareLinkRow[]> {
  let query = db.selectFrom('share_links').selectAll().where('group_id', '=', groupId);
  if (screen !== undefined) query = query.where('screen', '=', screen);
  return query.orderBy('id', 'desc').execute();
}
