import { factColumn } from './measureSqlParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

const asDouble = (sql: string) => `CAST(${sql} AS DOUBLE PRECISION)`;
const sumPartial = (column: string) => [`sum ${column}`, () => `SUM(${factColumn(column)})`] as const;

/** SUM of a fact column: additive, and a sum of per-unit sums. */
export const sum: MeasureKind<MeasureOf<'sum'>> = {
  kind: 'sum',
  additive: true,
  sql: (m) => asDouble(`SUM(${factColumn(m.column)})`),
  dayShare: { final: (m, d) => asDouble(`SUM(d.${d.partial(...sumPartial(m.column))})`) },
};

/** AVG of a fact column: the sum of partial sums over the sum of partial counts. */
export const avg: MeasureKind<MeasureOf<'avg'>> = {
  kind: 'avg',
  additive: false,
  sql: (m) => asDouble(`AVG(${factColumn(m.column)})`),
  dayShare: {
    final(m, d) {
      const total = d.partial(...sumPartial(m.column));
      const rows = d.partial(`count ${m.column}`, () => `COUNT(${factColumn(m.column)})`);
      return `${asDouble(`SUM(d.${total})`)} / NULLIF(SUM(d.${rows}), 0)`;
    },
  },
};

/** MIN or MAX of a fact column: the extreme of the partial extremes. */
function extreme<K extends 'min' | 'max'>(kind: K): MeasureKind<MeasureOf<K>> {
  const fn = kind.toUpperCase();
  return {
    kind,
    additive: false,
    sql: (m) => asDouble(`${fn}(${factColumn(m.column)})`),
    dayShare: {
      final: (m, d) =>
        asDouble(`${fn}(d.${d.partial(`${fn} ${m.column}`, () => `${fn}(${factColumn(m.column)})`)})`),
    },
  };
}

export const min = extreme('min');
export const max = extreme('max');
