import type { DatasetConfig, LostSalesModel, MeasureCondition } from '../../../shared/config.gen.js';
import {
  readableNames,
  tableColumnInfo,
  tableColumns,
} from '../../platform/warehouse/schema/tableColumns.js';
import { SHARED_TABLES } from '../../platform/warehouse/schema/tenantKey.js';
import type { ConfigProblem } from './configRegistry.js';
import { pointer } from './configProblems.js';
import { suggestName } from '../model/suggestName.js';

/** What the author can do about a name the warehouse lacks: the config cannot create columns. */
const NEW_COLUMN_HINT =
  ' (a new column needs a warehouse change first: src/server/platform/warehouse/schema)';

/**
 * Every table and column a dataset names exists in the warehouse: the fact table and its columns,
 * and the dimension tables of lookups and mapped dimensions with theirs. The column lists come from
 * the warehouse's own DDL (tableColumns.ts), so no running warehouse is needed, and a typo is
 * refused here instead of answering 500 "Binder Error" in the tile.
 */
export function checkWarehouseColumns(file: string, ds: DatasetConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const tables = new Set(readableNames());
  /** Checks `table` (at tableAt), then each [pointer, column] against its columns. */
  const check = (table: string, tableAt: string, columns: [string, string | undefined][]): void => {
    if (!tables.has(table)) {
      problems.push({
        file,
        pointer: tableAt,
        message: `unknown warehouse table "${table}"${suggestName(table, tables)}`,
      });
      return;
    }
    const known = tableColumns(table);
    for (const [at, column] of columns) {
      if (column === undefined || known.includes(column)) continue;
      problems.push({
        file,
        pointer: at,
        message: `warehouse table "${table}" has no column "${column}"${suggestName(column, known)}${NEW_COLUMN_HINT}`,
      });
    }
  };

  const fact: [string, string | undefined][] = [
    ['/dateColumn', ds.dateColumn],
    ...(ds.grain ?? []).map((c, i): [string, string] => [pointer('grain', i), c]),
    ['/grainPreviousDate', ds.grainPreviousDate],
    ...(ds.grainAttributes ?? []).map((c, i): [string, string] => [pointer('grainAttributes', i), c]),
  ];
  ds.dimensions.forEach((d, i) => {
    const at = (...rest: (string | number)[]) => pointer('dimensions', i, ...rest);
    if (d.kind === 'mapped') {
      check(d.table, at('table'), [
        [at('key'), d.key],
        [at('column'), d.column],
        [at('labelColumn'), d.labelColumn],
      ]);
      return;
    }
    fact.push([at('column'), d.column]);
    const l = d.lookup;
    if (!l) return;
    check(l.table, at('lookup', 'table'), [
      [at('lookup', 'key'), l.key],
      [at('lookup', 'labelColumn'), l.labelColumn],
      [at('lookup', 'searchColumn'), l.searchColumn],
      ...(l.attributes ?? []).map((a, j): [string, string] => [at('lookup', 'attributes', j), a]),
    ]);
  });
  ds.measures.forEach((m, i) => {
    if ('column' in m) fact.push([pointer('measures', i, 'column'), m.column]);
    if ('where' in m && m.where) conditionColumns(m.where, pointer('measures', i, 'where'), fact);
    if (m.kind === 'ratio' && m.commonDays)
      for (const side of ['numerator', 'denominator'] as const)
        conditionColumns(m.commonDays[side], pointer('measures', i, 'commonDays', side), fact);
  });
  check(ds.table, '/table', fact);
  ds.measures.forEach((m, i) => {
    if (m.kind !== 'lostSales') return;
    const at = pointer('measures', i, 'model');
    lostSalesColumns(m.model, at, check);
    // The totals are joined to the query's groups on them with plain equality.
    const { table, attributes = [] } = m.model.stock;
    if (!tables.has(table)) return;
    const info = tableColumnInfo(table);
    attributes.forEach((c, j) => {
      if (info.some((x) => x.name === c && !x.notNull))
        problems.push({
          file,
          pointer: `${at}/stock/attributes/${j}`,
          message: `"${c}" of "${table}" may be NULL: the lost-sales totals keep NOT NULL attributes only`,
        });
    });
  });
  if (SHARED_TABLES.has(ds.table))
    problems.push({
      file,
      pointer: '/table',
      message: `${ds.table} is shared by every group: a dataset reads a tenant's table`,
    });
  return problems;
}

function conditionColumns(c: MeasureCondition, at: string, into: [string, string | undefined][]): void {
  into.push([`${at}/column`, c.column]);
  c.and?.forEach((more, j) => conditionColumns(more, `${at}/and/${j}`, into));
}

/**
 * The tables a lost-sales model reads and the columns it names in each: the listing in all three,
 * the stock table's city, status, dark-store columns and the attributes its totals keep.
 */
function lostSalesColumns(
  m: LostSalesModel,
  at: string,
  check: (table: string, tableAt: string, columns: [string, string | undefined][]) => void,
): void {
  const listing = m.listing.map((c, j): [string, string] => [`${at}/listing/${j}`, c]);
  const { stock, sales, price } = m;
  check(stock.table, `${at}/stock/table`, [
    ...listing,
    [`${at}/city`, m.city],
    [`${at}/stock/dateColumn`, stock.dateColumn],
    [`${at}/stock/status`, stock.status],
    [`${at}/stock/storeShare`, stock.storeShare],
    [`${at}/stock/stores`, stock.stores],
    ...(stock.attributes ?? []).map((c, j): [string, string] => [`${at}/stock/attributes/${j}`, c]),
  ]);
  check(sales.table, `${at}/sales/table`, [
    ...listing,
    [`${at}/sales/dateColumn`, sales.dateColumn],
    [`${at}/sales/units`, sales.units],
  ]);
  check(price.table, `${at}/price/table`, [
    ...listing,
    [`${at}/price/dateColumn`, price.dateColumn],
    [`${at}/price/column`, price.column],
  ]);
}
