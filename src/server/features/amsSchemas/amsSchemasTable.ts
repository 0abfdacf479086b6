import type { Generated } from 'kysely';

export interface AmsSchemasTable {
  id: Generated<number>;
  group_id: number;
  ams_channel_id: number;
  name: string;
  /** JSON object text, pretty-printed on write. */
  ams_model: string;
  channel_target: string | null;
  updated_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module '../../platform/store/storeDatabase.js' {
  interface StoreDatabase {
    ams_schemas: AmsSchemasTable;
  }
}
