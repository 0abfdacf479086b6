import type { Warehouse } from '../warehouse/warehouse.js';
import { compileDatasetQuery } from './compileDatasetQuery.js';
import type { DataRequest, QueryContext } from './dataRequest.js';

/** Every row of a screen query for a group (export mode), read from the warehouse in batches. */
export function streamScreenQuery(
  warehouse: Warehouse,
  ctx: QueryContext,
  request: DataRequest,
  groupId: number,
): AsyncIterable<Record<string, unknown>[]> {
  const { sql, params } = compileDatasetQuery({
    dataset: ctx.dataset,
    query: ctx.query,
    request,
    groupId,
    dialect: warehouse.dialect,
    mode: 'export',
  });
  return warehouse.stream<Record<string, unknown>>(sql, params);
}
