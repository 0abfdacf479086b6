import { createHash } from 'node:crypto';
import { ident } from '../../platform/warehouse/sql/sqlBuilder.js';
import { NotOnRollupError } from '../../platform/warehouse/sql/factRows.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { lostSalesJoin } from './lostSalesRelation.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

type LostSalesMeasure = MeasureOf<'lostSales'>;

/** Alias of a model's relation: measures over the same model and grain share one join. */
function aliasOf(m: LostSalesMeasure, ds: DatasetIndex): string {
  const key = JSON.stringify([m.model, ds.config.table, ds.config.dateColumn]);
  return `ls_${createHash('sha1').update(key).digest('hex').slice(0, 10)}`;
}

/**
 * Sales lost to stock-outs (docs/metrics.md, Lost sales), read per fact row from the relation
 * lostSalesRelation.ts joins: units = baseline x exposure, rupees = units x price. A row out of
 * stock without a baseline has no figure (NULL), never 0; a row with no exposure loses 0.
 */
export const lostSales: MeasureKind<LostSalesMeasure> = {
  kind: 'lostSales',
  // Its units and rupees add up over rows, but its weights are a word: no share of total of it.
  additive: false,
  sql(m, { ds, p }) {
    if (p.rows.rollup) throw new NotOnRollupError(`lostSales "${m.id}"`);
    const a = ident(aliasOf(m, ds));
    const exposure = `${a}.__exposure`;
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
  // Its figure is read from a relation beside the fact rows (other days' baselines), which the drill
  // query does not join: the screen's data grid lists lost sales per listing instead.
  drill: () => ({
    reason: "a figure from each listing's baseline over other days: the Data tab lists it per listing",
  }),
  join: (m, ds) => ({
    alias: aliasOf(m, ds),
    sql: (ctx) =>
      lostSalesJoin(
        m.model,
        { perCity: ds.config.table === m.model.stock.table, dateColumn: ds.config.dateColumn },
        aliasOf(m, ds),
        ctx,
      ),
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
