import { suggestName } from '../model/suggestName.js';
import { scaledRatio } from './measureSqlParts.js';
import { eitherWhere } from './drillParts.js';
import type { MeasureDrill, MeasureKind, MeasureOf } from './measureKind.js';

/**
 * numerator x scale / denominator of two measures of the same dataset; with `commonDays` the
 * query compiler reads both over the days both sides' sources have (query/commonDays.ts).
 */
export const ratio: MeasureKind<MeasureOf<'ratio'>> = {
  kind: 'ratio',
  additive: false,
  sql: (m, { p, measure }) => scaledRatio(measure(m.numerator), measure(m.denominator), m.scale, p),
  uses: (m) => [m.numerator, m.denominator],
  // The rows of the numerator and the denominator, side by side: their sums make the tile.
  drill(m, ctx) {
    const sides: MeasureDrill[] = [];
    for (const side of ['numerator', 'denominator'] as const) {
      const d = ctx.drillOf(m[side]);
      if ('reason' in d) return { reason: `its ${side} cannot be listed (${d.reason})` };
      if (d.combine !== 'sum' || d.parts.length !== 1)
        return { reason: `its ${side} does not add up over rows` };
      sides.push(d);
    }
    const [num, den] = sides as [MeasureDrill, MeasureDrill];
    if (JSON.stringify(num.unit) !== JSON.stringify(den.unit))
      return { reason: 'its numerator and denominator count different rows' };
    const where = eitherWhere(num.where, den.where);
    return {
      parts: [num.parts[0]!, den.parts[0]!],
      combine: 'ratio',
      scale: m.scale ?? 1,
      ...(num.unit ? { unit: num.unit } : {}),
      ...(num.counts ? { counts: num.counts } : {}),
      ...(where ? { where } : {}),
      ...(m.commonDays ? { commonDays: m } : {}),
    };
  },
  dayShare: {
    final: (m, d) => scaledRatio(d.measure(m.numerator), d.measure(m.denominator), m.scale, d.p),
  },
  check(m, ctx) {
    for (const side of ['numerator', 'denominator'] as const) {
      if (!ctx.measure(m[side]))
        ctx.add(
          [side],
          `unknown measure "${m[side]}"${suggestName(
            m[side],
            ctx.ds.measures.map((x) => x.id),
          )}`,
        );
    }
  },
};
