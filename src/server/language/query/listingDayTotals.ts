import type { MeasureNode, ScreenQuery } from '../../../shared/config.gen.js';
import { columnDimension, type DatasetIndex } from '../model/datasetIndex.js';
import { measureKind } from '../measures/measureKinds.js';
import { lostSalesTotalSql, lostSalesTotalsTable } from '../measures/lostSales.js';
import type { MeasureOf } from '../measures/measureKind.js';
import { alias, ident, type SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import { TENANT_KEY } from '../../platform/warehouse/schema/tenantKey.js';
import type { DataRequest, FilterCondition } from './dataRequest.js';
import { conditionClauses } from './filterSql.js';

export interface ListingDayTotals {
  /** The query's measures the table answers (a lost-sales measure, or a ratio of them). */
  ids: string[];
  table: string;
  /** The query's keys: listing or attribute columns the table has (none for a one-row query). */
  keys: { id: string; column: string }[];
}

/**
 * Lost sales over whole listing-days, from the lost-sales totals (lostSalesTable.ts) instead of a
 * join per stock row: on PostgreSQL the join of a week's 125k stock rows of the demo tenant took
 * ~190 ms of the query's ~300 ms, the table's rows alone ~5 ms. Only where the two read the same
 * rows: a query with no comparison, keyed by nothing or by columns the totals keep (the listing's,
 * and the stock rows' attributes such as the brand), whose filters all select on those columns
 * (a channel, a brand, a tag's products), so its fact rows are every stock row of the selected
 * listing-days in the period, which are the stock rows the totals were summed from, each under
 * its own attribute values. Null when no measure of the query can be answered so.
 */
export function listingDayTotals(
  ds: DatasetIndex,
  query: ScreenQuery,
  request: DataRequest,
  rollup: boolean,
): ListingDayTotals | null {
  if (rollup || query.compare || (query.where ?? []).length) return null;
  const keys: ListingDayTotals['keys'] = [];
  for (const id of query.groupBy ?? []) {
    const column = columnDimension(ds, id)?.column;
    if (!column) return null;
    keys.push({ id, column });
  }
  // The one table every moved measure reads (a measure of another model stays on the fact rows).
  let table: string | null = null;
  const kept = new Map<string, readonly string[]>();
  const tableOf = (m: MeasureNode, depth: number): string | null => {
    if (depth > 8) return null;
    if (m.kind === 'lostSales') {
      const t = lostSalesTotalsTable(m, ds);
      if (t) kept.set(t, [...m.model.listing, ...(m.model.stock.attributes ?? [])]);
      return t;
    }
    if (m.kind !== 'ratio' || (m as MeasureOf<'ratio'>).commonDays) return null;
    const parts = (measureKind(m).uses?.(m) ?? []).map((id) => tableOf(ds.measures.get(id)!, depth + 1));
    return parts.length && parts.every((t) => t !== null && t === parts[0]) ? parts[0]! : null;
  };
  const ids: string[] = [];
  for (const id of query.measures) {
    const t = tableOf(ds.measures.get(id)!, 0);
    if (t === null || (table !== null && t !== table)) continue;
    table = t;
    ids.push(id);
  }
  if (table === null) return null;
  const columns = kept.get(table)!;
  if (!keys.every((k) => columns.includes(k.column))) return null;
  if (!request.conditions.every((c) => selectsKept(ds, c, columns))) return null;
  return { ids, table, keys };
}

/**
 * Whether a condition selects on columns the totals keep: one in a list or at most a value, or a
 * mapped dimension into one (a tag's products, a label category's categories). Not a city, nor a
 * listing's status at the period's last crawl, which the stock rows answer.
 */
function selectsKept(ds: DatasetIndex, c: FilterCondition, kept: readonly string[]): boolean {
  const dim = ds.dimensions.get(c.dimension);
  if (dim?.kind === 'mapped') return kept.includes(columnDimension(ds, dim.into)?.column ?? '');
  return dim?.kind === 'column' && !dim.filterAtLastCrawlOf && kept.includes(dim.column);
}

/** One row: the measures over the table's listing-days of the period, each aliased by its id. */
export function listingDayTotalsSql(
  ds: DatasetIndex,
  { ids, table, keys }: ListingDayTotals,
  request: DataRequest,
  p: SqlParams,
  tenant: string,
): string {
  const sqlOf = (m: MeasureNode): string =>
    m.kind === 'lostSales'
      ? lostSalesTotalSql(m, 't')
      : measureKind(m).sql(m, { ds, p, measure: (id) => sqlOf(ds.measures.get(id)!) });
  const where = [
    `t.${ident(TENANT_KEY)} = ${tenant}`,
    ...(request.startDate ? [`t.__day >= ${p.date(request.startDate)}`] : []),
    ...(request.endDate ? [`t.__day <= ${p.date(request.endDate)}`] : []),
    ...conditionClauses(ds, request, tenant, p, 't'),
  ];
  const select = [
    ...keys.map((k) => `t.${ident(k.column)} AS ${alias(k.id)}`),
    ...ids.map((id) => `${sqlOf(ds.measures.get(id)!)} AS ${alias(id)}`),
  ];
  const group = keys.length ? `\nGROUP BY ${keys.map((k) => `t.${ident(k.column)}`).join(', ')}` : '';
  return `SELECT ${select.join(', ')}\nFROM ${ident(table)} t\nWHERE ${where.join(' AND ')}${group}`;
}
