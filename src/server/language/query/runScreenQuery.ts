import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { compileDatasetQuery, screenCompileInput, TOTAL_COLUMN } from './compileDatasetQuery.js';
import type { DataRequest, QueryContext } from './dataRequest.js';
import { pagedTotal } from './pagedTotal.js';
import { prepareMeasureJoins } from './measureJoins.js';
import type { CompiledSql } from '../../platform/warehouse/sql/sqlBuilder.js';

export interface QueryRows {
  rows: Record<string, unknown>[];
  /** Rows before paging; for unpaged queries the number of rows returned. */
  total: number;
}

/**
 * Runs a screen query for a group: the repository layer between routes and the warehouse.
 * `compiled` is the request's SQL when the caller already has it (PreparedQueries).
 */
export async function runScreenQuery(
  warehouse: Warehouse,
  ctx: QueryContext,
  request: DataRequest,
  groupId: number,
  mode: 'page' | 'export' = 'page',
  compiled?: Readonly<CompiledSql>,
): Promise<QueryRows> {
  const compile = (req: DataRequest) =>
    compileDatasetQuery(screenCompileInput(warehouse, ctx, req, groupId, mode));
  await prepareMeasureJoins(warehouse, ctx.dataset, ctx.query.measures);
  const run = (c: Readonly<CompiledSql>) => warehouse.query<Record<string, unknown>>(c.sql, c.params);
  const rows = await run(compiled ?? compile(request));
  if (!ctx.query.paged || mode === 'export') return { rows, total: rows.length };
  const total = await pagedTotal(rows, request.offset, () =>
    run(compile({ ...request, offset: 0, limit: 1 })),
  );
  for (const row of rows) delete row[TOTAL_COLUMN];
  return { rows, total };
}
