import { scaledRatio } from './measureSqlParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

/** A row's share of the query total of an additive measure (a brand's share of all slots). */
export const shareOfTotal: MeasureKind<MeasureOf<'shareOfTotal'>> = {
  kind: 'shareOfTotal',
  additive: false,
  sql(m, { p, measure }) {
    const of = measure(m.of);
    // The window runs over the grouped rows before LIMIT, so every page shares one total.
    return scaledRatio(of, `SUM(${of}) OVER ()`, m.scale, p);
  },
  uses: (m) => [m.of],
  drill: (m) => ({
    reason: `a share of the rows' total: its rows are the rows of "${m.of}", which the grid lists`,
  }),
  check(m, ctx) {
    const of = ctx.measure(m.of);
    if (!of || !ctx.additiveKinds.includes(of.kind))
      ctx.add(
        ['of'],
        `"${m.of}" is not an additive measure (${ctx.additiveKinds.join(', ')}) of the dataset`,
      );
  },
};
