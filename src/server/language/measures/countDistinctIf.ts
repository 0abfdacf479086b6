import { conditionSql, factColumn } from './measureSqlParts.js';
import { summedDrill } from './drillParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

/** Distinct values among the rows meeting a condition (products with a violation). */
export const countDistinctIf: MeasureKind<MeasureOf<'countDistinctIf'>> = {
  kind: 'countDistinctIf',
  additive: true,
  sql: (m, { p, ds }) =>
    `COUNT(DISTINCT CASE WHEN ${conditionSql(m.where, p, ds)} THEN ${factColumn(m.column)} END)`,
  drill: (m) => summedDrill(countDistinctIf, m, m.where, { unit: [m.column], counts: 'distinct' }),
};
