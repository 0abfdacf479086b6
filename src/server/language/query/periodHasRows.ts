import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { ident, SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { whereClauses } from './filterSql.js';

/**
 * Whether the warehouse holds any of the group's rows of the dataset in the period, whatever the
 * filters: "no data last year" (history does not reach back) differs from a filtered-out zero.
 */
export async function periodHasRows(
  warehouse: Warehouse,
  ds: DatasetIndex,
  groupId: number,
  period: { start: string; end: string },
): Promise<boolean> {
  const p = new SqlParams(warehouse.dialect);
  const where = whereClauses(
    ds,
    { groupId, startDate: period.start, endDate: period.end, conditions: [] },
    p,
  );
  const sql = `SELECT 1 AS found FROM ${ident(ds.config.table)} f WHERE ${where.join(' AND ')} LIMIT 1`;
  return (await warehouse.query(sql, p.values)).length > 0;
}
