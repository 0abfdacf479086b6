import { conditionSql, factColumn } from './measureSqlParts.js';
import { summedDrill } from './drillParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';
import { NotOnRollupError } from '../../platform/warehouse/sql/factRows.js';

/** Linear position weights: top + 1 - rank for ranks 1..top (position-weighted share of search). */
export const rankWeight: MeasureKind<MeasureOf<'rankWeight'>> = {
  kind: 'rankWeight',
  additive: true,
  sql(m, { p, ds }) {
    // Weights per fact row: a rollup's row stands for many.
    if (p.rows.rollup) throw new NotOnRollupError(`rankWeight "${m.id}"`);
    const col = factColumn(m.column);
    const top = `CAST(${p.add(m.top)} AS INTEGER)`;
    const when = m.where ? ` AND ${conditionSql(m.where, p, ds)}` : '';
    return `CAST(SUM(CASE WHEN ${col} >= 1 AND ${col} <= ${top}${when} THEN ${top} + 1 - ${col} ELSE 0 END) AS DOUBLE PRECISION)`;
  },
  // Position weights add up over rows; its `where` narrows the list to the rows weighed.
  drill: (m) => summedDrill(rankWeight, m, m.where),
};
