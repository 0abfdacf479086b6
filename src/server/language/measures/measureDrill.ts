import type { DatasetIndex } from '../model/datasetIndex.js';
import type { MeasureDrill } from './measureKind.js';
import { measureKind } from './measureKinds.js';

/**
 * How a tile of measure `id` lists the rows behind it, derived from the measure's definition by
 * its kind (its condition, the unit it counts, a ratio's parts), or why it cannot.
 */
export function measureDrill(ds: DatasetIndex, id: string, depth = 0): MeasureDrill | { reason: string } {
  const m = ds.measures.get(id);
  if (!m) return { reason: `"${id}" is not a measure of the dataset` };
  if (depth > 8) return { reason: `"${id}" is nested too deep` };
  const kind = measureKind(m);
  if (!kind.drill) return { reason: `a ${m.kind} measure does not list the rows behind it` };
  return kind.drill(m, { ds, drillOf: (other) => measureDrill(ds, other, depth + 1) });
}
