import type { MeasureCondition, MeasureNode } from '../../shared/config.gen.js';
import type { DatasetIndex } from '../config/datasetIndex.js';
import { ident, type SqlParams } from './sqlBuilder.js';
import { extensionMeasureSql } from './extensionMeasureSql.js';

/**
 * The SQL aggregate of a measure over the fact rows aliased `f`. Config constants (status codes,
 * scales) are bound as parameters too, so even config values never become SQL text.
 */
export function measureSql(ds: DatasetIndex, measure: MeasureNode, p: SqlParams, depth = 0): string {
  if (depth > 8) throw new Error(`Measure nesting too deep at "${measure.id}"`);
  const col = (name: string) => `f.${ident(name)}`;
  switch (measure.kind) {
    case 'count':
      return 'COUNT(*)';
    case 'countDistinct':
      return `COUNT(DISTINCT ${col(measure.column)})`;
    case 'sum':
    case 'avg':
    case 'min':
    case 'max':
      return `CAST(${measure.kind.toUpperCase()}(${col(measure.column)}) AS DOUBLE PRECISION)`;
    case 'countIf':
      return `COUNT(*) FILTER (WHERE ${conditionSql(measure.where, p)})`;
    case 'ratio': {
      const num = measureSql(ds, ds.measures.get(measure.numerator)!, p, depth + 1);
      const den = measureSql(ds, ds.measures.get(measure.denominator)!, p, depth + 1);
      return `CAST(${num} AS DOUBLE PRECISION) * ${scale(measure.scale, p)} / NULLIF(${den}, 0)`;
    }
    case 'entityDayShare': {
      // Average over units of (their qualifying days / days in period) equals
      // qualifying (unit, day) pairs / (units x days): one pass, no subquery. A row value
      // in COUNT(DISTINCT) is the fastest exact pair count on both engines (measured 3x on DuckDB).
      const unit = entityColumns(ds, measure.entity).map(col).join(', ');
      const date = col(ds.config.dateColumn);
      const qualifying = `COUNT(DISTINCT (${unit}, ${date})) FILTER (WHERE ${conditionSql(measure.where, p)})`;
      const pairs = `(COUNT(DISTINCT (${unit})) * COUNT(DISTINCT ${date}))`;
      return `CAST(${qualifying} AS DOUBLE PRECISION) * ${scale(measure.scale, p)} / NULLIF(${pairs}, 0)`;
    }
    case 'countDistinctIf':
    case 'sumIf':
    case 'rankWeight':
    case 'shareOfTotal':
      return extensionMeasureSql(ds, measure, p, depth);
  }
}

function scale(value: number | undefined, p: SqlParams): string {
  return `CAST(${p.add(value ?? 1)} AS DOUBLE PRECISION)`;
}

export function conditionSql(c: MeasureCondition, p: SqlParams): string {
  const column = `f.${ident(c.column)}`;
  const own =
    c.in !== undefined
      ? `${column} IN (${p.list(c.in)})`
      : c.atLeast !== undefined
        ? `${column} >= ${p.add(c.atLeast)}`
        : `${column} = ${p.add(c.equals)}`;
  if (!c.and) return own;
  return `(${[own, ...c.and.map((more) => conditionSql(more, p))].join(' AND ')})`;
}

/** Fact columns of an entityDayShare's unit (its entity dimensions, checked to be integer columns). */
export function entityColumns(ds: DatasetIndex, dimensionIds: readonly string[]): string[] {
  return dimensionIds.map((id) => {
    const d = ds.dimensions.get(id);
    return d?.kind === 'column' ? d.column : id;
  });
}
