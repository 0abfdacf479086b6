import { sql, type Generated, type Kysely } from 'kysely';

/**
 * Every save of a config file through the editor, and every group overlay, as a version: the
 * newest row of a (group_id, path) is what serves (docs/config-storage.md). Rows are never updated
 * or deleted, so the table is the history a restore picks from.
 */
export interface ConfigVersionsTable {
  id: Generated<number>;
  /** Null for the global config (screens/); a group's id for that group's overlay. */
  group_id: number | null;
  /** The file's path relative to the screens folder, or OVERLAY_PATH for a group overlay. */
  path: string;
  text: string;
  /** Bytes of `text` (UTF-8). */
  size: number;
  /** sha256 of the file in git when this was saved (null: no such file); the overlay's is null. */
  base_sha: string | null;
  /** The version a restore copied; null for an edit. */
  restored_from: number | null;
  author_id: number | null;
  created_at: Generated<Date>;
  /**
   * A drop of the stored save (migration `486_tenancy_config_version_drops`): from this version on
   * the file in git serves again; its text is the file in git's when dropped ('' when none).
   */
  dropped: Generated<boolean>;
}

declare module '../../../platform/store/storeDatabase.js' {
  interface StoreDatabase {
    config_versions: ConfigVersionsTable;
  }
}

/** The path a group overlay's versions carry. */
export const OVERLAY_PATH = 'overlay.json';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('config_versions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('base_sha', 'text')
    .addColumn('restored_from', 'integer', (c) => c.references('config_versions.id'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('config_versions_by_file')
    .on('config_versions')
    .columns(['group_id', 'path', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('config_versions').execute();
}
