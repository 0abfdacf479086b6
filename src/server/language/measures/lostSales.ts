import { createHash } from 'node:crypto';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import { TENANT_KEY } from '../../platform/warehouse/schema/tenantKey.js';
import { NotOnRollupError } from '../../platform/warehouse/sql/factRows.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { demandJoinSql, outSql, weightSql } from './lostSalesRows.js';
import {
  ensureLostSalesTable,
  lostSalesTable,
  lostSalesTotalsTableOf,
  TOTAL_COLUMNS,
} from './lostSalesTable.js';
import type { ValueFormat } from '../../../shared/config.gen.js';
import type { DrillPart, MeasureKind, MeasureOf } from './measureKind.js';

type LostSalesMeasure = MeasureOf<'lostSales'>;

/** Alias of a model's relation: measures over the same model and grain share one join. */
function aliasOf(m: LostSalesMeasure, ds: DatasetIndex): string {
  const key = JSON.stringify([m.model, ds.config.table, ds.config.dateColumn]);
  return `ls_${createHash('sha1').update(key).digest('hex').slice(0, 10)}`;
}

/** The fact rows are the stock observations themselves (one per city): each gets its city's part. */
function perCity(m: LostSalesMeasure, ds: DatasetIndex): boolean {
  return ds.config.table === m.model.stock.table;
}

/**
 * A fact row's exposure: on stock rows its city's part, weight x out / the listing-day's total
 * weight (so any grouping sums to the listing's); on per-listing-day rows the listing-day's.
 */
function exposureSql(m: LostSalesMeasure, ds: DatasetIndex, a: string): string {
  if (!perCity(m, ds)) return `${a}.__exposure`;
  const weight = weightSql(m.model, 'f', ident(`${aliasOf(m, ds)}_dm`), `${a}.__weights`);
  return `(${weight} * ${outSql(m.model, 'f')} / ${a}.__w)`;
}

/**
 * The model's totals table when a dataset's rows are its stock rows (one per city): then a query
 * over whole listing-days can sum its listing-day totals instead (query/listingDayTotals.ts).
 */
export function lostSalesTotalsTable(m: LostSalesMeasure, ds: DatasetIndex): string | null {
  const s = m.model.stock;
  return perCity(m, ds) && ds.config.dateColumn === s.dateColumn ? lostSalesTotalsTableOf(m.model) : null;
}

/**
 * The measure over the listing-day rows `t` of its table: the sums of its per-stock-row figure
 * (lostSalesTable.ts, TOTAL_COLUMNS), so the same figure as lostSales.sql over those stock rows.
 */
export function lostSalesTotalSql(m: LostSalesMeasure, t: string): string {
  const c = (column: string) => `${t}.${ident(column)}`;
  switch (m.value) {
    case 'units':
      return `SUM(${c(TOTAL_COLUMNS.units)})`;
    case 'rupees':
      return `SUM(${c(TOTAL_COLUMNS.rupees)})`;
    case 'outDays':
      return `SUM(${c(TOTAL_COLUMNS.outDays)})`;
    case 'unknownDays':
      return `SUM(${c(TOTAL_COLUMNS.unknownDays)})`;
    case 'weights': {
      const used = c(TOTAL_COLUMNS.weights);
      return `CASE WHEN MIN(${used}) = MAX(${used}) THEN MIN(${used}) WHEN MIN(${used}) IS NOT NULL THEN 'mixed' END`;
    }
  }
}

/**
 * Sales lost to stock-outs (docs/metrics.md, Lost sales), read per fact row from the model's table
 * of listing-day inputs (lostSalesTable.ts, written after each load): units = baseline x exposure,
 * rupees = units x price. A row out of stock without a baseline has no figure (NULL), never 0; a
 * row with no exposure loses 0.
 */
export const lostSales: MeasureKind<LostSalesMeasure> = {
  kind: 'lostSales',
  // Its units and rupees add up over rows, but its weights are a word: no share of total of it.
  additive: false,
  sql(m, { ds, p }) {
    if (p.rows.rollup) throw new NotOnRollupError(`lostSales "${m.id}"`);
    const a = ident(aliasOf(m, ds));
    const exposure = exposureSql(m, ds, a);
    const units = `CASE WHEN ${exposure} = 0 THEN 0 ELSE ${a}.__baseline * ${exposure} END`;
    switch (m.value) {
      case 'units':
        return `SUM(${units})`;
      case 'rupees':
        return `SUM(${units} * ${a}.__price)`;
      case 'outDays':
        return `SUM(CASE WHEN ${a}.__baseline IS NOT NULL THEN ${exposure} ELSE 0 END)`;
      case 'unknownDays':
        return `SUM(CASE WHEN ${a}.__baseline IS NULL THEN ${exposure} ELSE 0 END)`;
      case 'weights': {
        const used = `CASE WHEN ${exposure} > 0 THEN ${a}.__weights END`;
        return `CASE WHEN MIN(${used}) = MAX(${used}) THEN MIN(${used}) WHEN MIN(${used}) IS NOT NULL THEN 'mixed' END`;
      }
    }
  },
  // The listing-days (and cities, on stock rows) behind a tile: each row's figure over its own fact
  // row, which sum to the tile, beside its baseline and exposure (the inputs that multiply to it).
  drill(m, { ds }) {
    if (m.value === 'weights') return { reason: 'a word naming the city weights, not a figure that adds up' };
    const a = () => ident(aliasOf(m, ds));
    const figure = (
      value: LostSalesMeasure['value'],
      id: string,
      label: string,
      format: ValueFormat,
    ): DrillPart => ({
      id,
      label,
      format,
      sql: (ctx) => lostSales.sql({ ...m, value }, ctx),
    });
    const own = figure(m.value, m.id, m.label, m.format);
    const inputs: DrillPart[] = [
      {
        id: 'baseline_units',
        label: 'Baseline Units/Day',
        format: 'plain',
        sql: () => `MAX(${a()}.__baseline)`,
      },
      { id: 'exposure', label: 'Exposure', format: 'plain', sql: () => `SUM(${exposureSql(m, ds, a())})` },
      ...(m.value === 'units' ? [] : [figure('units', 'lost_units_row', 'Lost Units', 'plain')]),
      ...(m.value === 'rupees' ? [] : [figure('rupees', 'lost_rupees_row', 'Lost Sales', 'currency')]),
    ];
    return {
      parts: [own, ...inputs],
      combine: 'sum',
      unit: [...m.model.listing, ...(perCity(m, ds) ? [m.model.city] : []), ds.config.dateColumn],
      joins: [lostSales.join!(m, ds)],
    };
  },
  join: (m, ds) => ({
    alias: aliasOf(m, ds),
    prepare: (wh) => ensureLostSalesTable(wh, m.model),
    sql: ({ tenant, p, startDate, endDate }) => {
      const a = ident(aliasOf(m, ds));
      // The days read, spelled out on the table too: a planner does not carry the fact rows'
      // range across the join, and would read every day of the tenant.
      const match = [
        `${a}.${ident(TENANT_KEY)} = ${tenant}`,
        ...m.model.listing.map((c) => `${a}.${ident(c)} = f.${ident(c)}`),
        `${a}.__day = f.${ident(ds.config.dateColumn)}`,
        ...(startDate ? [`${a}.__day >= ${p.date(startDate)}`] : []),
        ...(endDate ? [`${a}.__day <= ${p.date(endDate)}`] : []),
      ].join(' AND ');
      const demand = perCity(m, ds) ? demandJoinSql(m.model, 'f', ident(`${aliasOf(m, ds)}_dm`), tenant) : '';
      return `LEFT JOIN ${ident(lostSalesTable(m.model))} ${a} ON ${match}${demand}`;
    },
  }),
  check(m, ctx) {
    const columns = new Set(ctx.ds.dimensions.flatMap((d) => (d.kind === 'column' ? [d.column] : [])));
    m.model.listing.forEach((c, i) => {
      if (!columns.has(c))
        ctx.add(
          ['model', 'listing', i],
          `"${c}" is not a column dimension of the dataset: the rows must name their listing`,
        );
    });
  },
};
