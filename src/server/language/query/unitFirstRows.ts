import type { ScreenQuery } from '../../../shared/config.gen.js';
import { columnDimension, type DatasetIndex } from '../model/datasetIndex.js';
import { FIRST_CRAWL } from '../../platform/warehouse/schema/stockPreviousCrawl.js';
import type { SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import type { DataRequest } from './dataRequest.js';
import { distinctColumns, rowsAreUnitDays } from './dayShareMeasures.js';

/** The column and period start of the first-rows plan (dayShareAggregate.ts). */
export interface FirstRows {
  /** `f."prev_crawl_date"`: the unit's previous row's date on each row. */
  previous: string;
  /** The period's first day, bound; null when the period has no start. */
  start: string | null;
}

/**
 * Whether a day share's units can be counted as the rows that are their unit's first in the
 * period (the dataset's `grainPreviousDate` before the period's first day), and with what. Only
 * on PostgreSQL, where grouping a week of the large tenant's stock rows by listing is most of the
 * query (170 of ~300 ms for 820K rows into 117K listings; DuckDB hashes it in ~20 ms); only when
 * each row is one unit-day (the grain), every key and filter is a unit column (so a unit's rows
 * in the period are all kept or all dropped and share one group), and no measure counts a unit
 * column distinct (that needs the per-unit rows). `start` binds the period's first day.
 */
export function firstRowsOf(
  ds: DatasetIndex,
  query: ScreenQuery,
  request: Pick<DataRequest, 'conditions'>,
  measures: readonly string[],
  unit: readonly string[],
  p: SqlParams,
  start: string | null | undefined,
): FirstRows | null {
  const column = ds.config.grainPreviousDate;
  if (!column || p.dialect !== 'postgres' || p.rows.rollup || start === undefined) return null;
  if (!rowsAreUnitDays(ds, unit)) return null;
  const inUnit = (dimension: string): boolean => {
    const dim = ds.dimensions.get(dimension);
    if (dim?.kind === 'column') return !dim.filterAtLastCrawlOf && unit.includes(dim.column);
    return dim?.kind === 'mapped' && unit.includes(columnDimension(ds, dim.into)?.column ?? '');
  };
  const keysOk = (query.groupBy ?? []).every((id) => unit.includes(columnDimension(ds, id)?.column ?? ''));
  const filtersOk =
    request.conditions.every((c) => inUnit(c.dimension)) && (query.where ?? []).every((w) => inUnit(w.field));
  const dateOnly = measures.every((id) =>
    distinctColumns(ds, ds.measures.get(id)!).every((c) => c === ds.config.dateColumn),
  );
  if (!keysOk || !filtersOk || !dateOnly) return null;
  return { previous: `f.${ident(column)}`, start: start === null ? null : p.date(start) };
}

/** The condition a unit's first row in the period meets. */
export function firstRowCondition({ previous, start }: FirstRows, p: SqlParams): string {
  return start === null ? `${previous} = ${p.date(FIRST_CRAWL)}` : `${previous} < ${start}`;
}
