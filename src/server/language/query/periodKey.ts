import type { DatasetIndex } from '../model/datasetIndex.js';
import { alias, ident, type SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';

/** Column of a both-periods row (bothPeriods.ts) saying which period it holds: 0 the request's, 1 the one before. */
export const PERIOD_KEY = '__period';

/** The period key over the fact rows `f` of both periods: a select item and its GROUP BY expression. */
export function periodKey(
  ds: DatasetIndex,
  currentStart: string,
  p: SqlParams,
): { select: string; column: string } {
  const column = `CASE WHEN f.${ident(ds.config.dateColumn)} >= ${p.date(currentStart)} THEN 0 ELSE 1 END`;
  return { select: `${column} AS ${alias(PERIOD_KEY)}`, column };
}
