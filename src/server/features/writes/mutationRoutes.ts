import type { FastifyPluginAsync } from 'fastify';
import { fail, ok } from '../../../shared/envelope.js';
import { BadRequestError } from '../../../shared/errors.js';
import { checkMutationBody } from './mutationBody.js';
import { guardPlatformMutation, resolveMutation, type MutationParams } from './screenMutation.js';
import { runMutation } from './runMutation.js';
import { runWarehouseMutation } from './runWarehouseMutation.js';
import { mutateSchema, verifySchema } from './mutationRouteSchemas.js';
import { PLATFORM_ACTION_REFUSED } from '../../../shared/admin/adminActivities.js';
import { requirePlatformStaff } from '../../access/auth/requirePlatformStaff.js';

interface VerifyBody {
  field: string;
  value: string;
  id?: number;
}

/**
 * The write half's two generic routes (docs/write-half.md): every screen's mutations run through
 * them, looked up in the live config, so a new form needs no server code.
 */
export const mutationRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: MutationParams; Body: unknown }>(
    '/mutate/:area/:screen/:mutation',
    { schema: mutateSchema },
    async (request) => {
      const snapshot = app.deps.config.current();
      await guardPlatformMutation(app.deps.store.db, snapshot, request, request.params);
      const resolved = resolveMutation(snapshot, request, request.params);
      const body = checkMutationBody(resolved.mutation, request.body);
      const { db } = app.deps.store;
      const outcome =
        resolved.home === 'warehouse'
          ? await runWarehouseMutation(db, app.deps.warehouse, resolved, body)
          : await runMutation(db, resolved, body, app.authKit);
      return ok(outcome, resolved.mutation.successMessage ?? 'Success');
    },
  );

  app.post<{ Params: MutationParams; Body: VerifyBody }>(
    '/verify/:area/:screen/:mutation',
    { schema: verifySchema },
    async (request) => {
      const snapshot = app.deps.config.current();
      await guardPlatformMutation(app.deps.store.db, snapshot, request, request.params);
      const resolved = resolveMutation(snapshot, request, request.params);
      const { field, value, id } = request.body;
      // A new group's name is checked against every group: staff's, who alone create groups.
      if (
        resolved.home === 'store' &&
        resolved.repo.createsTenant &&
        resolved.mutation.operation === 'create'
      )
        await requirePlatformStaff(app.deps.store.db, request, {
          message: PLATFORM_ACTION_REFUSED.groupName,
          entity: resolved.mutation.entity,
        });
      const check = resolved.mutation.checks?.find((c) => c.kind === 'unique' && c.field === field);
      // Unique checks are a store-entity feature (screens:check refuses them on warehouse entities).
      if (!check || resolved.home === 'warehouse')
        throw new BadRequestError(`"${field}" has no unique check`);
      const other = await resolved.repo.findByUnique(app.deps.store.db, field, value);
      return other && other.id !== id ? fail(check.message, null) : ok(null);
    },
  );
  await Promise.resolve();
};
