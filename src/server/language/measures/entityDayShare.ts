import { suggestName } from '../model/suggestName.js';
import { conditionSql, entityColumns, factColumn, scaledRatio } from './measureSqlParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

/** Average over units (the entity) of the share of days on which the unit meets a condition. */
export const entityDayShare: MeasureKind<MeasureOf<'entityDayShare'>> = {
  kind: 'entityDayShare',
  additive: false,
  sql(m, { ds, p }) {
    // Average over units of (their qualifying days / days in period) equals
    // qualifying (unit, day) pairs / (units x days): one pass, no subquery. A row value
    // in COUNT(DISTINCT) is the fastest exact pair count on both engines (measured 3x on DuckDB).
    const unit = entityColumns(ds, m.entity).map(factColumn).join(', ');
    const date = factColumn(ds.config.dateColumn);
    const qualifying = `COUNT(DISTINCT (${unit}, ${date})) FILTER (WHERE ${conditionSql(m.where, p, ds)})`;
    const pairs = `(COUNT(DISTINCT (${unit})) * COUNT(DISTINCT ${date}))`;
    return scaledRatio(qualifying, pairs, m.scale, p);
  },
  dayShare: {
    // Per unit rows, a unit's qualifying days are its rows meeting the condition; per (unit, day)
    // rows, a day qualifies when any of its rows does.
    final(m, d) {
      const q = d.perUnit
        ? d.countWhere(m.where)
        : d.partial(`any ${JSON.stringify(m.where)}`, () => {
            return `MAX(CASE WHEN ${conditionSql(m.where, d.p, d.ds)} THEN 1 ELSE 0 END)`;
          });
      const units = d.unit.map((_, i) => d.unitRef(i)).join(', ');
      const pairs = d.perUnit
        ? `${d.units()} * ${d.days()}`
        : `COUNT(DISTINCT (${units})) * COUNT(DISTINCT ${d.dayRef()})`;
      return scaledRatio(`SUM(d.${q})`, pairs, m.scale, d.p);
    },
    entity: (m, ds) => entityColumns(ds, m.entity),
  },
  // One row per unit: its qualifying days over the period's days; the sums make the average.
  drill: (m, { ds }) => ({
    parts: [
      {
        id: `${m.id}_days`,
        label: `${m.label}: days meeting it`,
        format: 'integer',
        sql: ({ p, ds }) =>
          `COUNT(DISTINCT ${factColumn(ds.config.dateColumn)}) FILTER (WHERE ${conditionSql(m.where, p, ds)})`,
      },
      { id: `${m.id}_period`, label: 'Days in the period', format: 'integer', sql: ({ days }) => days },
    ],
    combine: 'ratio',
    scale: m.scale ?? 1,
    unit: entityColumns(ds, m.entity),
    counts: 'days',
  }),
  check(m, ctx) {
    m.entity.forEach((id, j) => {
      const e = ctx.dimension(id);
      if (!e || e.kind !== 'column' || e.type !== 'integer')
        ctx.add(
          ['entity', j],
          `unknown integer column dimension "${id}"${suggestName(
            id,
            ctx.ds.dimensions.filter((d) => d.kind === 'column' && d.type === 'integer').map((d) => d.id),
          )}`,
        );
    });
  },
};
