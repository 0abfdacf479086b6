import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../shared/errors.js';
import { requireActivity } from '../auth/requireActivity.js';
import { requireUser } from '../auth/guards.js';
import { ENTITY_CATALOGUE, isEntityName, type EntityName } from '../entities/entityCatalogue.js';
import { ENTITY_REGISTRY } from '../entities/entityRegistry.js';
import type { ConfigSnapshot } from '../config/configRegistry.js';
import { groupsGranting } from '../store/adminScopeRepo.js';
import { entityRowsSchema, type EntityRowsQuery } from './entityRowsSchema.js';

interface RowsParams {
  area: string;
  screen: string;
  entity: string;
}

/** Columns a grid may sort on: the catalogue's scalar fields plus the row's identity and times. */
function sortableColumns(entity: EntityName): string[] {
  const fields = Object.entries(ENTITY_CATALOGUE[entity]);
  return ['id', 'created_at', 'updated_at', ...fields.filter(([, t]) => t !== 'idList').map(([f]) => f)];
}

/**
 * The store-backed read of an entity a screen writes (docs/write-half.md): the rows of the
 * caller's groups where their role grants the screen's activity, paged and sorted on catalogue
 * columns. The screen must write the entity or show it in a grid, so config names every store read.
 */
export const entityRowsRoute: FastifyPluginAsync = async (app) => {
  app.get<{ Params: RowsParams; Querystring: EntityRowsQuery }>(
    '/rows/:area/:screen/:entity',
    { schema: entityRowsSchema },
    async (request) => {
      const { entity, permission, userId } = resolveRead(app.deps.config.current(), request);
      const { limit = 10, offset = 0, order_by = 'id', order_type = 'asc' } = request.query;
      if (!sortableColumns(entity).includes(order_by))
        throw new BadRequestError(`Cannot sort ${entity} rows by "${order_by}"`);
      const db = app.deps.store.db;
      const groupIds = await groupsGranting(db, userId, permission);
      const page = await ENTITY_REGISTRY[entity].list(db, {
        groupIds,
        orderBy: order_by,
        descending: order_type === 'desc',
        limit,
        offset,
      });
      return ok(page);
    },
  );
  await Promise.resolve();
};

function resolveRead(
  snapshot: ConfigSnapshot,
  request: FastifyRequest<{ Params: RowsParams }>,
): { entity: EntityName; permission: string; userId: number } {
  const { userId } = requireUser(request);
  const { area, screen: name, entity } = request.params;
  const screen = snapshot.screens.get(`${area}/${name}`);
  const named =
    screen?.mutations?.some((m) => m.entity === entity) ||
    screen?.widgets.some((w) => w.kind === 'grid' && w.rows?.entity === entity);
  if (!screen || !named || !isEntityName(entity))
    throw new NotFoundError(`Unknown rows "${area}/${name}/${entity}"`);
  requireActivity(request, screen.permission);
  return { entity, permission: screen.permission, userId };
}
