import { conditionSql } from './measureSqlParts.js';
import { summedDrill } from './drillParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

/** A conditional sum (search volume of the own brands' slots, for volume-weighted share of search). */
export const sumIf: MeasureKind<MeasureOf<'sumIf'>> = {
  kind: 'sumIf',
  additive: true,
  sql: (m, { p, ds }) =>
    `CAST(COALESCE(${p.rows.sum(m.column, conditionSql(m.where, p, ds))}, 0) AS DOUBLE PRECISION)`,
  drill: (m) => summedDrill(sumIf, m, m.where),
};
