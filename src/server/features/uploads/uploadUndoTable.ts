import type { ColumnType, Generated } from 'kysely';

/** A deleted slice that can be restored until `expires_at` (migration 470_upload_undo). */
export interface UploadUndosTable {
  id: Generated<number>;
  group_id: number;
  upload_key: string;
  target_table: string;
  slice: ColumnType<Record<string, string | number>, string, string>;
  /** Rows the slice held, as listed (upload_slices.rows). */
  rows: number;
  run_id: number | null;
  slice_updated_at: Date;
  deleted_by: number | null;
  deleted_at: Generated<Date>;
  expires_at: Date;
  restored_at: Date | null;
}

declare module '../../platform/store/storeDatabase.js' {
  interface StoreDatabase {
    upload_undos: UploadUndosTable;
  }
}
