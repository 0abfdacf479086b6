import { tableColumnInfo, tableNames } from '../schema/tableColumns.js';
import type { Warehouse } from '../warehouse.js';

/**
 * A per-table summary of a warehouse's content that both dialects compute identically: row
 * count, rounded sums of numeric columns, total text length, distinct dates. Equal fingerprints
 * mean (for generated data) equal rows.
 */
export async function fingerprint(wh: Warehouse, groupId?: number): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of tableNames()) {
    const columns = tableColumnInfo(table);
    const parts = columns.map(({ name, type }) => {
      if (type === 'VARCHAR') return `SUM(LENGTH(${name})) AS ${name}`;
      if (type === 'DATE') return `COUNT(DISTINCT ${name}) AS ${name}`;
      return `ROUND(CAST(SUM(${name}) AS NUMERIC(38, 2)), 2) AS ${name}`;
    });
    const scoped = groupId !== undefined && columns.some((c) => c.name === 'group_id');
    const rows = await wh.query(
      `SELECT COUNT(*) AS row_count, ${parts.join(', ')} FROM ${table}${scoped ? ' WHERE group_id = $1' : ''}`,
      scoped ? [groupId] : [],
    );
    out[table] = rows[0];
  }
  return out;
}
