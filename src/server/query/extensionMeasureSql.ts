import type {
  CountDistinctIfMeasure,
  RankWeightMeasure,
  ShareOfTotalMeasure,
  SumIfMeasure,
} from '../../shared/config.gen.js';
import type { DatasetIndex } from '../config/datasetIndex.js';
import { conditionSql, measureSql } from './measureSql.js';
import { ident, type SqlParams } from './sqlBuilder.js';

export type ExtensionMeasure =
  CountDistinctIfMeasure | SumIfMeasure | RankWeightMeasure | ShareOfTotalMeasure;

/**
 * SQL of the measure kinds added for the monitoring areas: distinct values among the rows
 * meeting a condition (products with a violation), a conditional sum (search volume of the own
 * brands' slots, for volume-weighted share of search), linear position weights (position-weighted
 * share of search) and a row's share of the query total (a brand's share of all slots).
 * Constants are bound as parameters, like every other measure.
 */
export function extensionMeasureSql(
  ds: DatasetIndex,
  measure: ExtensionMeasure,
  p: SqlParams,
  depth: number,
): string {
  if (measure.kind === 'shareOfTotal') {
    const of = measureSql(ds, ds.measures.get(measure.of)!, p, depth + 1);
    const scale = `CAST(${p.add(measure.scale ?? 1)} AS DOUBLE PRECISION)`;
    // The window runs over the grouped rows before LIMIT, so every page shares one total.
    return `CAST(${of} AS DOUBLE PRECISION) * ${scale} / NULLIF(SUM(${of}) OVER (), 0)`;
  }
  const col = `f.${ident(measure.column)}`;
  if (measure.kind === 'countDistinctIf') {
    return `COUNT(DISTINCT CASE WHEN ${conditionSql(measure.where, p)} THEN ${col} END)`;
  }
  if (measure.kind === 'sumIf') {
    return `CAST(COALESCE(SUM(${col}) FILTER (WHERE ${conditionSql(measure.where, p)}), 0) AS DOUBLE PRECISION)`;
  }
  const top = `CAST(${p.add(measure.top)} AS INTEGER)`;
  const when = measure.where ? ` AND ${conditionSql(measure.where, p)}` : '';
  return `CAST(SUM(CASE WHEN ${col} >= 1 AND ${col} <= ${top}${when} THEN ${top} + 1 - ${col} ELSE 0 END) AS DOUBLE PRECISION)`;
}

/** Additive measures a share of total may sum across rows. */
export const SHAREABLE_KINDS: ReadonlySet<string> = new Set([
  'count',
  'countIf',
  'sum',
  'countDistinct',
  'countDistinctIf',
  'sumIf',
  'rankWeight',
]);
