import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import { requireUser } from '../../access/auth/guards.js';
import {
  isListedWarehouseEntity,
  isReadableEntity,
  sortableColumns,
  type ReadableEntity,
} from '../../language/entities/entityReads.js';
import { WAREHOUSE_ENTITY_REGISTRY } from './entityRegistry.js';
import { READ_REGISTRY } from './readRegistry.js';
import { parseEntityFilters } from '../../language/entities/parseEntityFilters.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import type { ScreenConfig } from '../../../shared/config.gen.js';
import { groupsGranting } from '../../platform/store/adminScopeRepo.js';
import { entityRowsSchema, type EntityRowsQuery } from './entityRowsSchema.js';

interface RowsParams {
  area: string;
  screen: string;
  entity: string;
}

/**
 * The store-backed read of an entity a screen shows (docs/write-half.md): the rows of the
 * caller's groups where their role grants the screen's activity, filtered on the entity's
 * declared filters and the grid's own `rows.where`, paged and sorted on its columns. A grid of
 * the screen must read the entity (`rows.entity`) or a mutation write it, so config names every
 * store read.
 */
export const entityRowsRoute: FastifyPluginAsync = async (app) => {
  app.get<{ Params: RowsParams; Querystring: EntityRowsQuery }>(
    '/rows/:area/:screen/:entity',
    { schema: entityRowsSchema },
    async (request) => {
      const { entity, permission, userId, where } = resolveRead(app.deps.config.current(), request);
      const { limit = 10, offset = 0, order_by = 'id', order_type = 'asc', ...rest } = request.query;
      const filters = parseEntityFilters(entity, rest);
      if (!sortableColumns(entity).includes(order_by))
        throw new BadRequestError(`Cannot sort ${entity} rows by "${order_by}"`);
      const db = app.deps.store.db;
      const groupIds = await groupsGranting(db, userId, permission);
      const list = {
        filters,
        groupIds,
        orderBy: order_by,
        descending: order_type === 'desc',
        limit,
        offset,
        ...(where ? { where } : {}),
      };
      // A listed warehouse entity (a table no dataset reads) is paged by its warehouse repo.
      if (isListedWarehouseEntity(entity))
        return ok(await WAREHOUSE_ENTITY_REGISTRY[entity].list!(app.deps.warehouse, list));
      return ok(await READ_REGISTRY[entity].list(db, list));
    },
  );
  await Promise.resolve();
};

/** Whether the screen names the entity: a grid reads it or a mutation writes it. */
export function screenReads(screen: ScreenConfig, entity: string): boolean {
  const grids = screen.widgets.some((w) => w.kind === 'grid' && w.rows?.entity === entity);
  return grids || (screen.mutations ?? []).some((m) => m.entity === entity);
}

function resolveRead(
  snapshot: ConfigSnapshot,
  request: FastifyRequest<{ Params: RowsParams }>,
): {
  entity: ReadableEntity;
  permission: string;
  userId: number;
  where: Record<string, unknown> | undefined;
} {
  const { userId } = requireUser(request);
  const { area, screen: name, entity } = request.params;
  const screen = snapshot.screens.get(`${area}/${name}`);
  // A warehouse entity's rows are read through the screen's dataset queries, unless listed.
  if (!screen || !isReadableEntity(entity) || !screenReads(screen, entity))
    throw new NotFoundError(`Unknown rows "${area}/${name}/${entity}"`);
  requireActivity(request, screen.permission);
  // The grid's own filter (e.g. blocked users only) comes from the config, never the request.
  const grid = screen.widgets.find((w) => w.kind === 'grid' && w.rows?.entity === entity);
  const where = grid?.kind === 'grid' ? grid.rows?.where : undefined;
  return { entity, permission: screen.permission, userId, where };
}
