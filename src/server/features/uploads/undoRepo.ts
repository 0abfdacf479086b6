import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import { sliceKey } from './uploadRepo.js';
import './uploadUndoTable.js';

type Slice = Record<string, string | number>;

/** Deleted slices that can be restored, and the slice listing they leave and come back to. */
export class UndoRepo {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async listed(groupId: number, key: string, slice: Slice) {
    return this.db
      .selectFrom('upload_slices')
      .select(['rows', 'run_id', 'updated_at'])
      .where('group_id', '=', groupId)
      .where('upload_key', '=', key)
      .where('slice_key', '=', sliceKey(slice))
      .executeTakeFirst();
  }

  async add(u: {
    groupId: number;
    key: string;
    table: string;
    slice: Slice;
    rows: number;
    runId: number | null;
    sliceUpdatedAt: Date;
    userId: number;
    expiresAt: Date;
  }): Promise<number> {
    const row = await this.db
      .insertInto('upload_undos')
      .values({
        group_id: u.groupId,
        upload_key: u.key,
        target_table: u.table,
        slice: JSON.stringify(u.slice),
        rows: u.rows,
        run_id: u.runId,
        slice_updated_at: u.sliceUpdatedAt,
        deleted_by: u.userId,
        expires_at: u.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('upload_undos').where('id', '=', id).execute();
  }

  async find(groupId: number, key: string, id: number) {
    return this.db
      .selectFrom('upload_undos')
      .selectAll()
      .where('id', '=', id)
      .where('group_id', '=', groupId)
      .where('upload_key', '=', key)
      .executeTakeFirst();
  }

  /** Claims an undo for one restore: false when another restore took it first. */
  async claim(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('upload_undos')
      .set({ restored_at: new Date() })
      .where('id', '=', id)
      .where('restored_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async unclaim(id: number): Promise<void> {
    await this.db.updateTable('upload_undos').set({ restored_at: null }).where('id', '=', id).execute();
  }

  /** Undos of `table` past their time (not restored): removed here, their held rows dropped by the caller. */
  async takeExpired(table: string): Promise<number[]> {
    const rows = await this.db
      .deleteFrom('upload_undos')
      .where('target_table', '=', table)
      .where('restored_at', 'is', null)
      .where('expires_at', '<', new Date())
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The slice's listing as it was before the delete. */
  async relist(u: {
    group_id: number;
    upload_key: string;
    slice: Slice;
    rows: number;
    run_id: number | null;
    slice_updated_at: Date;
  }) {
    await this.db
      .insertInto('upload_slices')
      .values({
        group_id: u.group_id,
        upload_key: u.upload_key,
        slice_key: sliceKey(u.slice),
        slice: JSON.stringify(u.slice),
        rows: u.rows,
        run_id: u.run_id,
        updated_at: u.slice_updated_at,
      })
      .execute();
  }
}
