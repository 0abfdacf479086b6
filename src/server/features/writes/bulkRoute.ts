import type { FastifyPluginAsync } from 'fastify';
import type { BulkAction, GridWidget } from '../../../shared/config.gen.js';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import type { EntityFields } from '../../language/entities/entityRepo.js';
import { checkMutationBody } from './mutationBody.js';
import { resolveMutation } from './screenMutation.js';
import { runBulkStore, runBulkWarehouse } from './runBulkMutation.js';
import {
  BULK_DEFAULT_MAX,
  BULK_HARD_MAX,
  bulkSchema,
  type BulkBody,
  type BulkParams,
} from './bulkRouteSchema.js';

/** Our own words where the config gives none (the spec words only the product selection's cap). */
export const BULK_MSG = {
  none: 'Select at least one row.',
  duplicate: 'A row is ticked twice.',
  tooMany: (max: number) => `You can select a maximum of ${max} rows at a time.`,
} as const;

/** The most rows a grid lets one bulk action take. */
export function bulkCap(grid: Pick<GridWidget, 'maxSelected'>): number {
  return Math.min(grid.maxSelected ?? BULK_DEFAULT_MAX, BULK_HARD_MAX);
}

/**
 * POST /api/v1/bulk/{area}/{screen}/{grid}/{action} (docs/write-half.md "Bulk actions"): a
 * grid's bulk action on the ticked rows, looked up in the live config like a mutation. The list
 * is checked first (not empty, no duplicates, at most the grid's maxSelected, with its message),
 * then each row's body as the single-row mutation would be (the values of an update come from
 * the config's `set`, never from the request), then one transaction writes and audits them all.
 */
export const bulkRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Params: BulkParams; Body: BulkBody }>(
    '/bulk/:area/:screen/:grid/:action',
    { schema: bulkSchema },
    async (request) => {
      const { area, screen: name, grid: gridId, action: actionId } = request.params;
      const screen = app.deps.config.current().screens.get(`${area}/${name}`);
      const grid = screen?.widgets.find((w): w is GridWidget => w.kind === 'grid' && w.id === gridId);
      const action: BulkAction | undefined = grid?.bulkActions?.find((a) => a.id === actionId);
      // An action posting to its own bulk route (`endpoint`) is not run here.
      if (!grid || !action?.mutation)
        throw new NotFoundError(`Unknown bulk action "${area}/${name}/${gridId}/${actionId}"`);
      const resolved = resolveMutation(app.deps.config.current(), request, {
        area,
        screen: name,
        mutation: action.mutation,
      });
      const { rows } = request.body;
      const cap = bulkCap(grid);
      if (rows.length === 0) throw new BadRequestError(BULK_MSG.none);
      if (rows.length > cap) throw new BadRequestError(grid.maxSelectedMessage ?? BULK_MSG.tooMany(cap));
      if (new Set(rows.map((r) => r.id)).size !== rows.length) throw new BadRequestError(BULK_MSG.duplicate);
      const set = (action.set ?? {}) as EntityFields;
      // The same check as one row's write: the config's values must pass the mutation's schema.
      for (const row of rows) checkMutationBody(resolved.mutation, { ...set, ...row });
      const { db } = app.deps.store;
      const outcome =
        resolved.home === 'warehouse'
          ? await runBulkWarehouse(db, app.deps.warehouse, resolved, rows, set)
          : await runBulkStore(db, resolved, rows, set);
      return ok(outcome, action.successMessage ?? resolved.mutation.successMessage ?? 'Success');
    },
  );
  await Promise.resolve();
};
