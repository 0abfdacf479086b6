import { ident } from './sqlIdent.js';

/**
 * How the aggregates that count or sum fact rows read the rows aliased `f`: the fact table itself,
 * or a rollup whose rows stand for `__rows` fact rows each (src/server/platform/warehouse/rollups). Only the
 * measure kinds that count or sum rows go through it; distinct counts, MIN and MAX read key
 * columns, which a rollup keeps as they are.
 */
export interface FactRows {
  readonly rollup: boolean;
  /** Fact rows (meeting `filter`, a condition over `f`): BIGINT, 0 over no rows. */
  count(filter?: string): string;
  /** SUM of a fact column (meeting `filter`); NULL over no values, as SQL's SUM. */
  sum(column: string, filter?: string): string;
  /** Non-NULL values of a fact column: AVG's divisor. */
  countValues(column: string): string;
}

const where = (filter?: string) => (filter ? ` FILTER (WHERE ${filter})` : '');

/** The fact table: the SQL every query ran before rollups, byte for byte. */
export const FACT_TABLE_ROWS: FactRows = {
  rollup: false,
  count: (filter) => `COUNT(*)${where(filter)}`,
  sum: (column, filter) => `SUM(f.${ident(column)})${where(filter)}`,
  countValues: (column) => `COUNT(f.${ident(column)})`,
};

/** Column of a rollup holding the fact rows each of its rows stands for. */
export const ROLLUP_ROWS = '__rows';
/** Rollup columns holding a summed fact column's sum and its non-NULL values. */
export const rollupSumColumn = (column: string) => `__sum_${column}`;
export const rollupValuesColumn = (column: string) => `__n_${column}`;

/** A rollup: counts and sums add up its pre-summed columns. */
export const ROLLUP_ROWS_READER: FactRows = {
  rollup: true,
  count: (filter) => `CAST(COALESCE(SUM(f.${ident(ROLLUP_ROWS)})${where(filter)}, 0) AS BIGINT)`,
  sum: (column, filter) => `SUM(f.${ident(rollupSumColumn(column))})${where(filter)}`,
  countValues: (column) => `CAST(COALESCE(SUM(f.${ident(rollupValuesColumn(column))}), 0) AS BIGINT)`,
};

/**
 * The fact rows of `from` (`FROM <fact table> f WHERE ...`) shaped as those of a rollup with
 * `columns`: each stands for one fact row and carries its summed columns' sums and value counts.
 * A plan built over the rollup then reads some of its rows from the facts with the same
 * aggregates and bound values.
 */
export function factsAsRollup(from: string, columns: Iterable<string>): string {
  const shaped = [`1 AS ${ident(ROLLUP_ROWS)}`];
  for (const c of columns) {
    const summed = c.startsWith('__sum_') ? c.slice('__sum_'.length) : null;
    const counted = c.startsWith('__n_') ? c.slice('__n_'.length) : null;
    if (summed && rollupSumColumn(summed) === c) shaped.push(`f.${ident(summed)} AS ${ident(c)}`);
    if (counted && rollupValuesColumn(counted) === c)
      shaped.push(`CASE WHEN f.${ident(counted)} IS NULL THEN 0 ELSE 1 END AS ${ident(c)}`);
  }
  return `FROM (SELECT f.*, ${shaped.join(', ')}\n${from}) f`;
}

/** Thrown while compiling for a rollup when a measure cannot be answered from one: use the facts. */
export class NotOnRollupError extends Error {}
