import type { Warehouse } from '../warehouse.js';
import { AD_INDEXES_DDL, AD_TABLES_DDL, AD_VIEWS_DDL } from './adTables.js';
import { DIM_TABLES_DDL } from './dimTables.js';
import { FACT_INDEXES_DDL, FACT_TABLES_DDL } from './factTables.js';
import {
  LIVE_TRACKING_INDEXES_DDL,
  LIVE_TRACKING_TABLES_DDL,
  LIVE_TRACKING_VIEWS_DDL,
} from './liveTrackingTables.js';
import { addMissingColumns } from './addedColumns.js';
import { SETUP_TABLES_DDL } from './setupTables.js';
import { VIEWS_DDL } from './views.js';
import { SUGGESTION_INDEX_DDL } from './suggestionIndexTables.js';

/**
 * Creates every warehouse table (idempotent: IF NOT EXISTS), on either dialect, and brings
 * tables made by an earlier version up to date (columns added since).
 */
export async function createSchema(wh: Warehouse): Promise<void> {
  for (const ddl of [
    ...DIM_TABLES_DDL,
    ...FACT_TABLES_DDL,
    ...SETUP_TABLES_DDL,
    ...AD_TABLES_DDL,
    ...LIVE_TRACKING_TABLES_DDL,
    ...SUGGESTION_INDEX_DDL,
  ])
    await wh.exec(ddl);
  await addMissingColumns(wh);
  for (const ddl of [...VIEWS_DDL, ...AD_VIEWS_DDL, ...LIVE_TRACKING_VIEWS_DDL]) await wh.exec(ddl);
  if (wh.dialect === 'postgres') {
    for (const ddl of [...FACT_INDEXES_DDL, ...AD_INDEXES_DDL, ...LIVE_TRACKING_INDEXES_DDL])
      await wh.exec(ddl);
  }
}
