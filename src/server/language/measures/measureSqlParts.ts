import type { MeasureCondition } from '../../../shared/config.gen.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { ident, type SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import { requireTenantKey, tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';

/** A fact-table column of the rows aliased `f`. */
export const factColumn = (name: string): string => `f.${ident(name)}`;

/**
 * A condition over the fact rows; its constants are bound as parameters, never SQL text. A
 * look-up bound (atMostLookup) reads the row's own look-up row: a scalar subquery on the
 * look-up's key (and tenant), which both engines answer by key (a primary key on PostgreSQL).
 */
export function conditionSql(c: MeasureCondition, p: SqlParams, ds: DatasetIndex): string {
  const column = factColumn(c.column);
  const own =
    c.in !== undefined
      ? `${column} IN (${p.list(c.in)})`
      : c.atLeast !== undefined
        ? `${column} >= ${p.add(c.atLeast)}`
        : c.atMostLookup !== undefined
          ? `${column} <= ${lookupAttributeSql(ds, c.atMostLookup.dimension, c.atMostLookup.attribute)}`
          : `${column} = ${p.add(c.equals)}`;
  if (!c.and) return own;
  return `(${[own, ...c.and.map((more) => conditionSql(more, p, ds))].join(' AND ')})`;
}

/** The fact row's value of a look-up attribute of one of its dimensions (config checked it exists). */
function lookupAttributeSql(ds: DatasetIndex, dimensionId: string, attribute: string): string {
  const d = ds.dimensions.get(dimensionId);
  if (d?.kind !== 'column' || !d.lookup) throw new Error(`Dimension "${dimensionId}" has no lookup`);
  const l = d.lookup;
  const t = ident(`lk_${dimensionId}`);
  const lookupKey = tenantKeyOf(l.table);
  const tenant = lookupKey
    ? ` AND ${t}.${ident(lookupKey)} = ${factColumn(requireTenantKey(ds.config.table))}`
    : '';
  return `(SELECT ${t}.${ident(attribute)} FROM ${ident(l.table)} ${t} WHERE ${t}.${ident(l.key)} = ${factColumn(d.column)}${tenant})`;
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
