import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { NotFoundError } from '../../../shared/errors.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import { configForGroup } from '../../language/config/overlay/configForGroup.js';
import { deleteView, listViews, saveView } from './savedViewsRepo.js';
import { idSchema } from '../../platform/http/ids.js';
import { answers } from '../../platform/http/schemaKit.js';

const screenKey = { type: 'string', pattern: '^[A-Za-z0-9_-]+/[A-Za-z0-9_-]+$', maxLength: 120 } as const;

/**
 * A screen the caller's group is served now (a product screen or the group's extra screen,
 * docs/config-storage.md) and that the caller may open; else 404 / 401 / 403. The views of an extra
 * screen removed from the overlay are so refused with the screen.
 */
function ownerOf(
  request: FastifyRequest,
  screen: string,
): { userId: number; groupId: number; screen: string } {
  const { deps } = request.server;
  const config = configForGroup(deps.config, deps.storedConfig, request.auth?.groupId ?? null).screens.get(
    screen,
  );
  if (!config) throw new NotFoundError(`Unknown screen "${screen}"`);
  const auth = requireActivity(request, config.permission);
  return { userId: auth.userId, groupId: auth.groupId, screen };
}

/** Named views of a screen's filters, saved per user and group: GET/POST views, DELETE views/:id. */
export const viewsRoutes: FastifyPluginAsync = (app) => {
  const db = app.deps.store.db;

  app.get<{ Querystring: { screen: string } }>(
    '/views',
    {
      schema: {
        querystring: { type: 'object', required: ['screen'], properties: { screen: screenKey } },
        response: answers({ type: 'array' }),
      },
    },
    async (request) => ok(await listViews(db, ownerOf(request, request.query.screen))),
  );

  app.post<{ Body: { screen: string; name: string; state: Record<string, unknown> } }>(
    '/views',
    {
      schema: {
        body: {
          type: 'object',
          required: ['screen', 'name', 'state'],
          additionalProperties: false,
          properties: {
            screen: screenKey,
            // Not blank, and no control characters (PostgreSQL text cannot hold a NUL).
            name: {
              type: 'string',
              minLength: 1,
              maxLength: 60,
              pattern: '^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$',
            },
            state: { type: 'object', maxProperties: 80 },
          },
        },
        response: answers(),
      },
      bodyLimit: 16_384,
    },
    async (request) => {
      const owner = ownerOf(request, request.body.screen);
      const id = await saveView(db, owner, request.body.name.trim(), request.body.state);
      return ok({ id }, 'View saved');
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/views/:id',
    { schema: { params: { type: 'object', properties: { id: idSchema } }, response: answers() } },
    async (request) => {
      const auth = request.auth;
      const owner = auth && auth.groupId !== null && !auth.readMode ? auth : null;
      if (!owner || !(await deleteView(db, owner.userId, owner.groupId!, request.params.id))) {
        throw new NotFoundError('View not found');
      }
      return ok({}, 'View deleted');
    },
  );
  return Promise.resolve();
};
