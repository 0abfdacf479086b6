import type { DatasetIndex } from '../../language/model/datasetIndex.js';
import { SUMMABLE_KINDS } from '../../language/config/checkExplain.js';
import { BadRequestError } from '../../../shared/errors.js';

/** How a measure's change splits, and which summable measures per member it reads. */
export type ExplainMethod =
  | { method: 'additive'; reads: [string] }
  | { method: 'rateMix'; reads: [string, string]; scale: number }
  | { method: 'priceVolume'; reads: [string, string] };

/**
 * The split a measure allows (docs/metrics.md): a count or sum per member; a ratio of two such
 * measures by rate and mix; a revenue the dataset pairs with a volume by price and volume.
 * Others (averages, distinct counts, day shares) do not add up over members: a 400.
 */
export function explainMethod(ds: DatasetIndex, measureId: string): ExplainMethod {
  const m = ds.measures.get(measureId);
  if (!m) throw new BadRequestError(`Unknown measure "${measureId.slice(0, 80)}"`);
  const summable = (id: string) => {
    const node = ds.measures.get(id);
    // Lost sales' figures (not its weights, a word) are sums over the fact rows of their own.
    return (
      SUMMABLE_KINDS.includes(node?.kind ?? '') || (node?.kind === 'lostSales' && node.value !== 'weights')
    );
  };
  const volume = ds.config.explain?.priceVolume?.[measureId];
  if (volume !== undefined) return { method: 'priceVolume', reads: [measureId, volume] };
  if (summable(measureId)) return { method: 'additive', reads: [measureId] };
  if (m.kind === 'ratio' && summable(m.numerator) && summable(m.denominator))
    return { method: 'rateMix', reads: [m.numerator, m.denominator], scale: m.scale ?? 1 };
  throw new BadRequestError(
    `Measure "${measureId}" cannot be explained: only counts, sums and ratios of them add up over members`,
  );
}
