import { bulkInsert } from '../../../platform/warehouse/bulkInsert.js';
import { tableColumnInfo } from '../../../platform/warehouse/schema/tableColumns.js';
import type { Warehouse } from '../../../platform/warehouse/warehouse.js';

/** A neutral value of a DDL type, for the columns a fixture does not care about. */
function neutral(type: string): unknown {
  if (type === 'DATE') return '2026-11-01';
  if (type === 'VARCHAR') return '';
  return 0;
}

/**
 * Inserts fixture rows given by column name: unnamed columns get a neutral value (tenant 1,
 * 2026-11-01, 0, ''), so a fixture spells out only what its hand-computed answer depends on.
 */
export async function insertRows(
  wh: Warehouse,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const columns = tableColumnInfo(table);
  const defaults: Record<string, unknown> = { group_id: 1 };
  await bulkInsert(
    wh,
    table,
    columns.map((c) => c.name),
    rows.map((r) => columns.map((c) => (c.name in r ? r[c.name] : (defaults[c.name] ?? neutral(c.type))))),
  );
}
