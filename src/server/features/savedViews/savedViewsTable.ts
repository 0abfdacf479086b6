import type { Generated } from 'kysely';

export interface SavedViewsTable {
  id: Generated<number>;
  user_id: number;
  group_id: number;
  /** 'area/screen' */
  screen: string;
  name: string;
  /** The filter state as JSON text. */
  state: string;
  updated_at: Generated<Date>;
}

// The store's table map lives with the access code; this table belongs to saved views.
declare module '../../platform/store/storeDatabase.js' {
  interface StoreDatabase {
    saved_views: SavedViewsTable;
  }
}
