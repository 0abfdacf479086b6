import type { Generated } from 'kysely';

export interface SlideViewsTable {
  id: Generated<number>;
  group_id: number;
  /** The slide screen the deck belongs to: 'customscreen/slide' or 'ams360/slide'. */
  screen: string;
  name: string;
  /** The deck (SlideViewConfig) as JSON text. */
  doc: string;
  created_by: number | null;
  updated_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// The store's table map lives with the access code; this table belongs to paxviz.
declare module '../../platform/store/storeDatabase.js' {
  interface StoreDatabase {
    slide_views: SlideViewsTable;
  }
}
