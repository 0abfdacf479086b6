import type { MeasureInputs, MeasureNode } from '../../../shared/config.gen.js';
import { avg, max, min, sum } from './columnAggregates.js';
import { count } from './count.js';
import { countDistinct } from './countDistinct.js';
import { countDistinctIf } from './countDistinctIf.js';
import { countIf } from './countIf.js';
import { entityDayShare } from './entityDayShare.js';
import { lostSales } from './lostSales.js';
import type { MeasureKind, MeasureOf } from './measureKind.js';
import { rankWeight } from './rankWeight.js';
import { ratio } from './ratio.js';
import { shareOfTotal } from './shareOfTotal.js';
import { sumIf } from './sumIf.js';

type Registry = { [K in MeasureNode['kind']]: MeasureKind<MeasureOf<K>> };

/**
 * Every measure kind, keyed by kind; the mapped type makes a kind of the schema without an entry
 * a type error. The order is the one messages list kinds in.
 */
export const measureKinds: Registry = {
  count,
  countIf,
  sum,
  avg,
  min,
  max,
  countDistinct,
  countDistinctIf,
  sumIf,
  rankWeight,
  ratio,
  entityDayShare,
  shareOfTotal,
  lostSales,
};

/** The kind object of a measure node (config is schema-checked, so the kind is known). */
export function measureKind<M extends MeasureNode>(m: M): MeasureKind<M> {
  const kind = (measureKinds as Record<string, MeasureKind<MeasureNode> | undefined>)[m.kind];
  if (!kind) throw new Error(`Unknown measure kind "${m.kind}" (measure "${m.id}")`);
  return kind as MeasureKind<M>;
}

/** Kinds a share of total may sum across rows. */
export const ADDITIVE_KINDS: readonly string[] = Object.values(measureKinds)
  .filter((k) => k.additive)
  .map((k) => k.kind);

/** The figures a measure shows on hover (schema: measureCommon.inputs), where its kind has them. */
export function measureInputs(m: MeasureNode | undefined): MeasureInputs | undefined {
  return m && 'inputs' in m ? m.inputs : undefined;
}
