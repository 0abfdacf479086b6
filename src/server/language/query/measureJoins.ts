import type { MeasureNode } from '../../../shared/config.gen.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import type { MeasureJoin, MeasureJoinContext } from '../measures/measureKind.js';
import { measureKind } from '../measures/measureKinds.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';

/**
 * The relations the measures of a query (and the measures they are built from) read beside the
 * fact rows, one per alias: a ratio of two lost-sales measures joins their relation once.
 */
export function measureJoins(ds: DatasetIndex, measureIds: readonly string[]): MeasureJoin[] {
  const joins = new Map<string, MeasureJoin>();
  const visit = (m: MeasureNode, depth: number) => {
    const kind = measureKind(m);
    if (depth > 8) return;
    const join = kind.join?.(m, ds);
    if (join && !joins.has(join.alias)) joins.set(join.alias, join);
    for (const id of kind.uses?.(m) ?? []) visit(ds.measures.get(id)!, depth + 1);
  };
  for (const id of measureIds) visit(ds.measures.get(id)!, 0);
  return [...joins.values()];
}

/** The joins' SQL, one line each ('' when none). */
export function joinsSql(joins: readonly MeasureJoin[], ctx: MeasureJoinContext): string {
  return joins.map((j) => `\n${j.sql(ctx)}`).join('');
}

/** Readies what the joins of a query's measures read (lost sales' table), before it runs. */
export async function prepareMeasureJoins(
  wh: Warehouse,
  ds: DatasetIndex,
  measureIds: readonly string[],
): Promise<void> {
  for (const join of measureJoins(ds, measureIds)) await join.prepare?.(wh);
}
