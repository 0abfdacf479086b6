import { conditionSql } from './measureSqlParts.js';
import { summedDrill } from './drillParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

/** Number of fact rows meeting a condition. */
export const countIf: MeasureKind<MeasureOf<'countIf'>> = {
  kind: 'countIf',
  additive: true,
  sql: (m, { p, ds }) => p.rows.count(conditionSql(m.where, p, ds)),
  dayShare: { final: (m, d) => d.sumOf(d.countWhere(m.where)) },
  drill: (m) => summedDrill(countIf, m, m.where),
};
