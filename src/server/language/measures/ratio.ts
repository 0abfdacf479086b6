import { suggestName } from '../model/suggestName.js';
import { scaledRatio } from './measureSqlParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

/** numerator x scale / denominator of two measures of the same dataset. */
export const ratio: MeasureKind<MeasureOf<'ratio'>> = {
  kind: 'ratio',
  additive: false,
  sql: (m, { p, measure }) => scaledRatio(measure(m.numerator), measure(m.denominator), m.scale, p),
  uses: (m) => [m.numerator, m.denominator],
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
