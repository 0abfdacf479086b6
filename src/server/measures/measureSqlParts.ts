import type { MeasureCondition } from '../../shared/config.gen.js';
import type { DatasetIndex } from '../config/datasetIndex.js';
import { ident, type SqlParams } from '../query/sqlBuilder.js';

/** A fact-table column of the rows aliased `f`. */
export const factColumn = (name: string): string => `f.${ident(name)}`;

/** A condition over the fact rows; its constants are bound as parameters, never SQL text. */
export function conditionSql(c: MeasureCondition, p: SqlParams): string {
  const column = factColumn(c.column);
  const own =
    c.in !== undefined
      ? `${column} IN (${p.list(c.in)})`
      : c.atLeast !== undefined
        ? `${column} >= ${p.add(c.atLeast)}`
        : `${column} = ${p.add(c.equals)}`;
  if (!c.and) return own;
  return `(${[own, ...c.and.map((more) => conditionSql(more, p))].join(' AND ')})`;
}

/**
 * numerator x scale / denominator, NULL when the denominator is 0: every ratio-like measure
 * (ratio, day share, share of total) in both plans. The scale is bound after both parts.
 */
export function scaledRatio(num: string, den: string, scale: number | undefined, p: SqlParams): string {
  return `CAST(${num} AS DOUBLE PRECISION) * CAST(${p.add(scale ?? 1)} AS DOUBLE PRECISION) / NULLIF(${den}, 0)`;
}

/** Fact columns of an entityDayShare's unit (its entity dimensions, checked to be integer columns). */
export function entityColumns(ds: DatasetIndex, dimensionIds: readonly string[]): string[] {
  return dimensionIds.map((id) => {
    const d = ds.dimensions.get(id);
    return d?.kind === 'column' ? d.column : id;
  });
}
