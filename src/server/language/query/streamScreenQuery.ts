import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { compileDatasetQuery, screenCompileInput } from './compileDatasetQuery.js';
import type { DataRequest, QueryContext } from './dataRequest.js';
import { prepareMeasureJoins } from './measureJoins.js';

/** Every row of a screen query for a group (export mode), read from the warehouse in batches. */
export function streamScreenQuery(
  warehouse: Warehouse,
  ctx: QueryContext,
  request: DataRequest,
  groupId: number,
  mode: 'export' | 'all' = 'export',
): AsyncIterable<Record<string, unknown>[]> {
  const { sql, params } = compileDatasetQuery(screenCompileInput(warehouse, ctx, request, groupId, mode));
  return prepared(warehouse, ctx, warehouse.stream<Record<string, unknown>>(sql, params));
}

async function* prepared(
  warehouse: Warehouse,
  ctx: QueryContext,
  rows: AsyncIterable<Record<string, unknown>[]>,
): AsyncIterable<Record<string, unknown>[]> {
  await prepareMeasureJoins(warehouse, ctx.dataset, ctx.query.measures);
  yield* rows;
}

/** How many rows streamScreenQuery(..., 'all') yields: an export job's progress is rows of this. */
export async function countScreenQuery(
  warehouse: Warehouse,
  ctx: QueryContext,
  request: DataRequest,
  groupId: number,
): Promise<number> {
  const { sql, params } = compileDatasetQuery(screenCompileInput(warehouse, ctx, request, groupId, 'all'));
  await prepareMeasureJoins(warehouse, ctx.dataset, ctx.query.measures);
  const [row] = await warehouse.query<{ n: number | string }>(
    `SELECT COUNT(*)::INTEGER AS n FROM (${sql}) AS counted`,
    params,
  );
  return Number(row?.n ?? 0);
}
