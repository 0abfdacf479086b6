import type { DatasetConfig } from '../../../shared/config.gen.js';
import { pointer } from './configProblems.js';
import { suggestName } from '../model/suggestName.js';

/**
 * Measures whose value over a set of rows is the sum of their values over its parts, so a change
 * splits per member. Distinct counts are not: one product sold in two channels counts once.
 */
export const SUMMABLE_KINDS: readonly string[] = ['count', 'sum', 'countIf', 'sumIf'];

/**
 * A dataset's `explain`: it splits over column dimensions (a change is split over their members'
 * rows) and a price x volume pair is two additive measures (revenue and volume are sums).
 */
export function checkExplain(ds: DatasetConfig, add: (pointer: string, message: string) => void): void {
  if (!ds.explain) return;
  const columns = ds.dimensions.filter((d) => d.kind === 'column').map((d) => d.id);
  ds.explain.dimensions.forEach((id, i) => {
    if (!columns.includes(id))
      add(pointer('explain', 'dimensions', i), `unknown column dimension "${id}"${suggestName(id, columns)}`);
  });
  const additive = ds.measures.filter((m) => SUMMABLE_KINDS.includes(m.kind)).map((m) => m.id);
  for (const [revenue, volume] of Object.entries(ds.explain.priceVolume ?? {}))
    for (const id of [revenue, volume ?? ''])
      if (!additive.includes(id))
        add(
          pointer('explain', 'priceVolume', revenue),
          `"${id}" is not a count or sum measure of the dataset${suggestName(id, additive)}`,
        );
}
