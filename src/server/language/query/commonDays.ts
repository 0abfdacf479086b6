import type { MeasureOf } from '../measures/measureKind.js';
import { commonDaysFields } from '../../../shared/commonDaysFields.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { conditionSql } from '../measures/measureSqlParts.js';
import { whereClauses } from './filterSql.js';
import { alias, ident, type SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';

type CommonDaysRatio = MeasureOf<'ratio'> & { commonDays: NonNullable<MeasureOf<'ratio'>['commonDays']> };

/** The query's ratios whose sides come from sources with their own last days (config `commonDays`). */
export function commonDaysMeasures(ds: DatasetIndex, measures: readonly string[]): CommonDaysRatio[] {
  return measures
    .map((id) => ds.measures.get(id)!)
    .filter((m): m is CommonDaysRatio => m.kind === 'ratio' && m.commonDays !== undefined);
}

interface SpanInput {
  ds: DatasetIndex;
  measure: CommonDaysRatio;
  groupId: number;
  startDate: string | null;
  endDate: string | null;
  p: SqlParams;
}

/**
 * One row: the first and last day both sides' sources have within the period (`lo`, `hi`, NULL
 * when one side has no row), and each side's last day. Read over the group's rows of the period
 * only, not the other filters: a source's last day is the day it was loaded to, the same for
 * every brand or product (a product without a sale that day does not end the sales source).
 */
export function commonDaysSpan(input: SpanInput): string {
  const { ds, measure, p } = input;
  const days = measure.commonDays;
  const date = `f.${ident(ds.config.dateColumn)}`;
  const where = whereClauses(
    ds,
    { groupId: input.groupId, startDate: input.startDate, endDate: input.endDate, conditions: [] },
    p,
  );
  const num = conditionSql(days.numerator, p, ds);
  const den = conditionSql(days.denominator, p, ds);
  // GREATEST / LEAST skip NULLs on both engines: a side without rows must empty the span.
  const both = (fn: string, a: string, b: string) =>
    `CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL ELSE ${fn}(${a}, ${b}) END`;
  return [
    `SELECT ${both('GREATEST', 's.n_lo', 's.d_lo')} AS lo, ${both('LEAST', 's.n_hi', 's.d_hi')} AS hi,`,
    '  s.n_hi AS n_hi, s.d_hi AS d_hi',
    `FROM (SELECT MIN(CASE WHEN ${num} THEN ${date} END) AS n_lo, MAX(CASE WHEN ${num} THEN ${date} END) AS n_hi,`,
    `    MIN(CASE WHEN ${den} THEN ${date} END) AS d_lo, MAX(CASE WHEN ${den} THEN ${date} END) AS d_hi`,
    `  FROM ${ident(ds.config.table)} f WHERE ${where.join(' AND ')}) s`,
  ].join('\n');
}

/** The fields of the span a row carries (dates as 'YYYY-MM-DD' text), from the span aliased `w`. */
export function commonDaysSelect(measureId: string, w: string): string[] {
  const f = commonDaysFields(measureId);
  const text = (col: string) => `CAST(${w}.${col} AS VARCHAR)`;
  return [
    `${text('lo')} AS ${alias(f.from)}`,
    `${text('hi')} AS ${alias(f.to)}`,
    `${text('n_hi')} AS ${alias(f.numeratorLast)}`,
    `${text('d_hi')} AS ${alias(f.denominatorLast)}`,
  ];
}

/** The fact rows' condition of being within the span aliased `w`. */
export function withinSpan(ds: DatasetIndex, w: string): string {
  const date = `f.${ident(ds.config.dateColumn)}`;
  return `${date} >= ${w}.lo AND ${date} <= ${w}.hi`;
}
