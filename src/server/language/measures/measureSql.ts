import type { MeasureNode } from '../../../shared/config.gen.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import type { SqlParams } from '../../platform/warehouse/sql/sqlBuilder.js';
import { measureKind } from './measureKinds.js';

/**
 * The SQL aggregate of a measure over the fact rows aliased `f`. Config constants (status codes,
 * scales) are bound as parameters too, so even config values never become SQL text.
 */
export function measureSql(ds: DatasetIndex, measure: MeasureNode, p: SqlParams, depth = 0): string {
  if (depth > 8) throw new Error(`Measure nesting too deep at "${measure.id}"`);
  return measureKind(measure).sql(measure, {
    ds,
    p,
    measure: (id) => measureSql(ds, ds.measures.get(id)!, p, depth + 1),
  });
}
