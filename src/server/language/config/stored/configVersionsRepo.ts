import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../../platform/store/storeDatabase.js';
import './configVersionsTable.js';

/** Null: the global config; a number: that group's overlay. */
export type ConfigOwner = number | null;

export interface ConfigVersionHead {
  id: number;
  groupId: number | null;
  path: string;
  text: string;
  baseSha: string | null;
  /** The newest version drops the stored save: the file in git serves. */
  dropped: boolean;
}

export interface ConfigVersionRow {
  id: number;
  size: number;
  author: string | null;
  createdAt: Date;
  restoredFrom: number | null;
  baseSha: string | null;
  dropped: boolean;
}

type Db = Kysely<StoreDatabase>;

/** The newest version of every stored file and overlay: what the instances serve over the files in git. */
export async function configHeads(db: Db): Promise<ConfigVersionHead[]> {
  const rows = await db
    .selectFrom('config_versions')
    .distinctOn(['group_id', 'path'])
    .select(['id', 'group_id', 'path', 'text', 'base_sha', 'dropped'])
    .orderBy('group_id')
    .orderBy('path')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    groupId: r.group_id,
    path: r.path,
    text: r.text,
    baseSha: r.base_sha,
    dropped: r.dropped,
  }));
}

export async function insertConfigVersion(
  db: Db,
  version: {
    owner: ConfigOwner;
    path: string;
    text: string;
    baseSha: string | null;
    authorId: number;
    restoredFrom?: number;
    dropped?: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('config_versions')
    .values({
      group_id: version.owner,
      path: version.path,
      text: version.text,
      size: Buffer.byteLength(version.text),
      base_sha: version.baseSha,
      restored_from: version.restoredFrom ?? null,
      author_id: version.authorId,
      dropped: version.dropped ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A file's versions, newest first, with who saved each. */
export async function listConfigVersions(
  db: Db,
  owner: ConfigOwner,
  path: string,
): Promise<ConfigVersionRow[]> {
  const rows = await db
    .selectFrom('config_versions as v')
    .leftJoin('users as u', 'u.id', 'v.author_id')
    .select(['v.id', 'v.size', 'v.created_at', 'v.restored_from', 'v.base_sha', 'v.dropped', 'u.user_name'])
    .where((eb) => (owner === null ? eb('v.group_id', 'is', null) : eb('v.group_id', '=', owner)))
    .where('v.path', '=', path)
    .orderBy('v.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    size: r.size,
    author: r.user_name,
    createdAt: r.created_at,
    restoredFrom: r.restored_from,
    baseSha: r.base_sha,
    dropped: r.dropped,
  }));
}

/** One version's text, only when it belongs to this owner and file (an id of another group's is unknown). */
export async function configVersionText(
  db: Db,
  owner: ConfigOwner,
  path: string,
  id: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('config_versions')
    .select('text')
    .where('id', '=', id)
    .where((eb) => (owner === null ? eb('group_id', 'is', null) : eb('group_id', '=', owner)))
    .where('path', '=', path)
    .executeTakeFirst();
  return row?.text ?? null;
}
