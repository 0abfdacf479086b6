import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { idSchema } from '../../platform/http/ids.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import { requireSession } from '../../access/auth/guards.js';
import { mayOpenScreen } from '../../access/auth/mayOpenScreen.js';
import type { ConfigScope } from '../monitoring/configScope.js';
import { addPrefixParam } from '../monitoring/prefixParam.js';
import { registerConfigRoutes } from '../monitoring/configRoutes.js';
import { registerDataRoutes } from '../monitoring/dataRoutes.js';
import { registerSuggestionRoutes } from '../monitoring/suggestionRoutes.js';
import { findSlideView } from './slideViewsRepo.js';

/** The screens each request's deck draws on, set once the deck is loaded (before the handler). */
const deckScreens = new WeakMap<FastifyRequest, ReadonlySet<string>>();

/**
 * Widget data of a saved deck: the product's own config, suggestion and data routes mounted under
 * slideview/:viewId, answering for the screens the deck's widgets come from and no other. A
 * signed-in user still needs each screen's activity; a share-link viewer of the deck (its link
 * names this deck on its slide screen) reads the deck's screens with nothing else granted, which
 * is what lets a shared deck show grids and charts of screens the link does not name.
 */
export const slideDataRoutes: FastifyPluginAsync = async (app) => {
  const db = app.deps.store.db;
  addPrefixParam(app, 'viewId', { ...idSchema, description: 'A saved slide view of the group' });
  app.addHook('preHandler', async (request) => {
    const auth = requireSession(request);
    const id = (request.params as { viewId: number }).viewId;
    const record = await findSlideView(db, auth.groupId, id);
    if (!record || !mayOpenScreen(auth, record.screen) || (auth.readMode && auth.readMode.viewId !== id))
      throw new NotFoundError('Slide view not found');
    deckScreens.set(request, new Set(record.view.slides.flatMap((s) => s.widgets.map((w) => w.screen))));
  });
  const scope: ConfigScope = {
    snapshot: () => app.deps.config.current(),
    authorize: (request, screen) => {
      if (!deckScreens.get(request)?.has(screen.permission))
        throw new ForbiddenError(`Access denied to ${screen.permission}`);
      return request.auth?.readMode ? requireSession(request) : requireActivity(request, screen.permission);
    },
    cacheResults: true,
  };
  registerConfigRoutes(app, scope);
  registerSuggestionRoutes(app, scope);
  registerDataRoutes(app, scope);
  await Promise.resolve();
};
