import type { ScreenQuery } from '../../../shared/config.gen.js';
import { columnDimension, type DatasetIndex } from '../model/datasetIndex.js';
import { FIRST_CRAWL } from '../../platform/warehouse/schema/stockPreviousCrawl.js';
import type { SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import { alias, ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { DataRequest } from './dataRequest.js';
import { distinctColumns, rowsAreUnitDays } from './dayShareMeasures.js';

/** The column and period start of the first-rows plan (dayShareAggregate.ts). */
export interface FirstRows {
  /** `f."prev_crawl_date"`: the unit's previous row's date on each row. */
  previous: string;
  /** The period's first day, bound; null when the period has no start. */
  start: string | null;
  /**
   * Whether the period has both ends and at most MASK_DAYS days: its keys' days are then counted
   * from a bit mask of them (offsets from `start`) aggregated with the first rows
   * (dayShareAggregate.ts), not by a second scan grouping the rows by (keys, day).
   */
  dayMask: boolean;
}

/** Days a BIGINT mask holds, one bit a day. */
export const MASK_DAYS = 64;

const DAY_MS = 86_400_000;

/**
 * Whether a day share's units can be counted as the rows that are their unit's first in the
 * period (the dataset's `grainPreviousDate` before the period's first day), and with what. Only
 * on PostgreSQL, where grouping a week of the large tenant's stock rows by listing is most of the
 * query (170 of ~300 ms for 820K rows into 117K listings; DuckDB hashes it in ~20 ms); only when
 * each row is one unit-day (the grain), every key and filter is a unit column or one of the
 * dataset's `grainAttributes` (so a unit's rows in the period are all kept or all dropped and
 * share one group: where an attribute changed inside the period, the changed row's NULL previous
 * date sends the query per unit), and no measure counts a unit column distinct (that needs the
 * per-unit rows). `start` binds the period's first day.
 */
export function firstRowsOf(
  ds: DatasetIndex,
  query: ScreenQuery,
  request: Pick<DataRequest, 'conditions'>,
  unit: readonly string[],
  p: SqlParams,
  start: string | null | undefined,
  end: string | null = null,
): FirstRows | null {
  const column = ds.config.grainPreviousDate;
  if (!column || start === undefined || !firstRowsAnswer(ds, query, request, unit, p)) return null;
  const days = start && end ? (Date.parse(end) - Date.parse(start)) / DAY_MS + 1 : Infinity;
  return {
    previous: `f.${ident(column)}`,
    start: start === null ? null : p.date(start),
    dayMask: days >= 1 && days <= MASK_DAYS,
  };
}

/** Whether the first-rows plan answers the query (firstRowsOf), binding nothing. */
export function firstRowsAnswer(
  ds: DatasetIndex,
  query: ScreenQuery,
  request: Pick<DataRequest, 'conditions'>,
  unit: readonly string[],
  p: SqlParams,
): boolean {
  if (!ds.config.grainPreviousDate || p.dialect !== 'postgres' || p.rows.rollup) return false;
  if (!rowsAreUnitDays(ds, unit)) return false;
  // A unit's rows share these columns within a period unless a row marks a change (NULL previous).
  const shared = [...unit, ...(ds.config.grainAttributes ?? [])];
  const inUnit = (dimension: string): boolean => {
    const dim = ds.dimensions.get(dimension);
    if (dim?.kind === 'column') return !dim.filterAtLastCrawlOf && shared.includes(dim.column);
    return dim?.kind === 'mapped' && shared.includes(columnDimension(ds, dim.into)?.column ?? '');
  };
  const keysOk = (query.groupBy ?? []).every((id) => shared.includes(columnDimension(ds, id)?.column ?? ''));
  const filtersOk =
    request.conditions.every((c) => inUnit(c.dimension)) && (query.where ?? []).every((w) => inUnit(w.field));
  const dateOnly = query.measures.every((id) =>
    distinctColumns(ds, ds.measures.get(id)!).every((c) => c === ds.config.dateColumn),
  );
  return keysOk && filtersOk && dateOnly;
}

/** The condition a unit's first row in the period meets. */
export function firstRowCondition({ previous, start }: FirstRows, p: SqlParams): string {
  return start === null ? `${previous} = ${p.date(FIRST_CRAWL)}` : `${previous} < ${start}`;
}

/**
 * A query the first-rows plan refuses only because some measures count one column distinct (the
 * SKUs beside a day share): those measures (plain countDistinct of the column), and the rest.
 * Each part is then answered by its own plan and merged per group (mergedAggregates.ts): the rest
 * by first rows, the distinct count by distinctCountSql. Null otherwise.
 */
export function distinctApart(
  ds: DatasetIndex,
  measures: readonly string[],
): { rest: string[]; distinct: string[]; column: string } | null {
  const counted = (id: string) =>
    distinctColumns(ds, ds.measures.get(id)!).filter((c) => c !== ds.config.dateColumn);
  const distinct = measures.filter((id) => counted(id).length);
  const columns = new Set(distinct.flatMap(counted));
  const rest = measures.filter((id) => !distinct.includes(id));
  const plain = distinct.every((id) => ds.measures.get(id)!.kind === 'countDistinct');
  if (!distinct.length || !rest.length || columns.size !== 1 || !plain) return null;
  return { rest, distinct, column: [...columns][0]! };
}

/**
 * Distinct values of `column` per keys, each of `measures` (countDistinct of it) answering it: the
 * rows grouped per (keys, value), a few thousand groups, then counted per keys. PostgreSQL's
 * COUNT(DISTINCT) sorts every row instead (dashboard/home/kpi's SKUs on the large tenant).
 */
export function distinctCountSql(input: {
  groupBy: readonly string[];
  keySelect: readonly string[];
  keyColumns: readonly string[];
  from: string;
  column: string;
  measures: readonly string[];
}): string {
  const { groupBy, keySelect, keyColumns, from, column, measures } = input;
  const keys = groupBy.map((id) => `k.${alias(id)}`);
  const value = alias('__value');
  const inner = [
    `SELECT ${[...keySelect, `f.${ident(column)} AS ${value}`].join(', ')}`,
    from,
    `GROUP BY ${[...keyColumns, `f.${ident(column)}`].join(', ')}`,
  ].join('\n');
  const counts = measures.map((id) => `COUNT(k.${value}) AS ${alias(id)}`);
  return [
    `SELECT ${[...keys.map((k) => `${k} AS ${k.slice(2)}`), ...counts].join(', ')}`,
    `FROM (${inner}) k`,
    ...(keys.length ? [`GROUP BY ${keys.join(', ')}`] : []),
  ].join('\n');
}
