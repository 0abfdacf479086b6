import { TOTAL_COLUMN } from './compileDatasetQuery.js';

type Row = Record<string, unknown>;

/**
 * The row count before paging of a paged query whose rows carry it in TOTAL_COLUMN (a window
 * count). Past the last page no row carries it: `firstRow` runs the query for its first row only.
 */
export async function pagedTotal(
  rows: readonly Row[],
  offset: number,
  firstRow: () => Promise<readonly Row[]>,
): Promise<number> {
  if (rows.length === 0 && offset > 0) rows = await firstRow();
  return Number(rows[0]?.[TOTAL_COLUMN] ?? 0);
}
