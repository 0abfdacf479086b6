import type { SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import { factColumn } from './measureSqlParts.js';
import { selfPart, summedDrill } from './drillParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

const asDouble = (sql: string) => `CAST(${sql} AS DOUBLE PRECISION)`;
const sumPartial = (column: string, p: SqlParams) => [`sum ${column}`, () => p.rows.sum(column)] as const;

/** SUM of a fact column: additive, and a sum of per-unit sums. */
export const sum: MeasureKind<MeasureOf<'sum'>> = {
  kind: 'sum',
  additive: true,
  sql: (m, { p }) => asDouble(p.rows.sum(m.column)),
  dayShare: { final: (m, d) => asDouble(`SUM(d.${d.partial(...sumPartial(m.column, d.p))})`) },
  drill: (m) => summedDrill(sum, m),
};

/** AVG of a fact column: the sum of partial sums over the sum of partial counts. */
export const avg: MeasureKind<MeasureOf<'avg'>> = {
  kind: 'avg',
  additive: false,
  // On a rollup: its sums over its counts of values (AVG of the facts, summed in another order).
  sql: (m, { p }) =>
    p.rows.rollup
      ? `${asDouble(p.rows.sum(m.column))} / NULLIF(${p.rows.countValues(m.column)}, 0)`
      : asDouble(`AVG(${factColumn(m.column)})`),
  dayShare: {
    final(m, d) {
      const total = d.partial(...sumPartial(m.column, d.p));
      const rows = d.partial(`count ${m.column}`, () => d.p.rows.countValues(m.column));
      return `${asDouble(`SUM(d.${total})`)} / NULLIF(SUM(d.${rows}), 0)`;
    },
  },
  // The rows of its numerator and denominator: each row's sum and count of values.
  drill: (m) => ({
    parts: [
      {
        id: `${m.id}_sum`,
        label: `${m.label}: sum`,
        format: m.format === 'percent' ? 'plain' : m.format,
        sql: ({ p }) => asDouble(p.rows.sum(m.column)),
      },
      {
        id: `${m.id}_values`,
        label: `${m.label}: values`,
        format: 'integer',
        sql: ({ p }) => p.rows.countValues(m.column),
      },
    ],
    combine: 'ratio',
  }),
};

/** MIN or MAX of a fact column: the extreme of the partial extremes. */
function extreme<K extends 'min' | 'max'>(kind: K): MeasureKind<MeasureOf<K>> {
  const fn = kind.toUpperCase();
  const self: MeasureKind<MeasureOf<K>> = {
    kind,
    additive: false,
    sql: (m) => asDouble(`${fn}(${factColumn(m.column)})`),
    dayShare: {
      final: (m, d) =>
        asDouble(`${fn}(d.${d.partial(`${fn} ${m.column}`, () => `${fn}(${factColumn(m.column)})`)})`),
    },
    // The rows' own extremes: the tile is the extreme of the rows.
    drill: (m) => ({ parts: [selfPart(self, m)], combine: kind }),
  };
  return self;
}

export const min = extreme('min');
export const max = extreme('max');
