import { factColumn } from './measureSqlParts.js';
import { summedDrill } from './drillParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

/** Distinct values of a fact column. */
export const countDistinct: MeasureKind<MeasureOf<'countDistinct'>> = {
  kind: 'countDistinct',
  additive: true,
  sql: (m) => `COUNT(DISTINCT ${factColumn(m.column)})`,
  dayShare: {
    // Only the unit's columns and the day survive the first step (distinctColumns says so).
    final(m, d) {
      const i = d.unit.indexOf(m.column);
      if (i >= 0) return `COUNT(DISTINCT ${d.unitRef(i)})`;
      return d.perUnit ? d.days() : `COUNT(DISTINCT ${d.dayRef()})`;
    },
    distinctColumns: (m) => [m.column],
  },
  // One row per distinct value, each counting 1.
  drill: (m) => summedDrill(countDistinct, m, undefined, { unit: [m.column], counts: 'distinct' }),
};
