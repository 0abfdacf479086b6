import { summedDrill } from './drillParts.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';

/** COUNT(*) of the fact rows. */
export const count: MeasureKind<MeasureOf<'count'>> = {
  kind: 'count',
  additive: true,
  sql: (_m, { p }) => p.rows.count(),
  dayShare: { final: (_m, d) => d.sumOf(d.partial('count', () => d.p.rows.count())) },
  drill: (m) => summedDrill(count, m),
};
