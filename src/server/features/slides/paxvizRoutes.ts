import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { pageSizeOf } from '../../../shared/pageSize.js';
import { requireSession, requireUser, type ActiveAuth } from '../../access/auth/guards.js';
import { mayOpenScreen } from '../../access/auth/mayOpenScreen.js';
import { audit } from '../../platform/store/auditRepo.js';
import { slideDeckOf } from './checkSlideView.js';
import { DELETE_REFUSED, mayDeleteSlideView } from './mayDeleteSlideView.js';
import { composableScreens, composableWidgets, screenFilters } from './slideCatalogue.js';
import { deleteSlideView, findSlideView, listSlideViews, type SlideViewRecord } from './slideViewsRepo.js';
import { saveSlideView, slideScreenDeck, type SlideViewInput } from './slideViewService.js';
import {
  catalogueSchema,
  importSchema,
  listSchema,
  oneSchema,
  saveSchema,
  sourceSchema,
  submenuSchema,
} from './paxvizSchemas.js';

const NOT_FOUND = 'Slide view not found';

/**
 * paxviz/*: a group's slide views (list 5 a page, one, save, delete, import, export), the
 * catalogue they are composed from (matrix of screens, a screen's datapoints and filters) and the
 * slide screens as a submenu. A share-link viewer reads its one deck only.
 */
export const paxvizRoutes: FastifyPluginAsync = (app) => {
  const db = app.deps.store.db;
  const snapshot = () => app.deps.config.current();

  /** A deck of the caller's group the caller may see; a viewer only the one of its link. */
  const visible = async (request: FastifyRequest, id: number): Promise<SlideViewRecord> => {
    const auth = requireSession(request);
    const record = await findSlideView(db, auth.groupId, id);
    if (!record || !mayOpenScreen(auth, record.screen) || (auth.readMode && auth.readMode.viewId !== id))
      throw new NotFoundError(NOT_FOUND);
    return record;
  };

  app.get<{ Querystring: { screen: string; offset: number; limit?: number } }>(
    '/slideview/list',
    { schema: listSchema },
    async (request) => {
      const auth = requireSession(request);
      const { screen, offset } = request.query;
      slideScreenDeck(snapshot(), auth, screen);
      const limit = request.query.limit ?? pageSizeOf(snapshot().screens.get(screen)!);
      const onlyId = auth.readMode?.viewId;
      const page = await listSlideViews(db, auth.groupId, screen, { offset, limit, onlyId });
      return { ...ok(page.rows), total: page.total, readOnly: auth.readMode !== null };
    },
  );

  app.get<{ Params: { viewId: number } }>('/slideview/:viewId', { schema: oneSchema }, async (request) =>
    ok(await visible(request, request.params.viewId)),
  );

  app.post<{ Body: SlideViewInput }>(
    '/slideview/save',
    { schema: saveSchema, bodyLimit: 65_536 },
    async (request) => {
      const id = await saveSlideView(db, snapshot(), requireUser(request), request.body);
      return ok({ id }, 'Slide view saved');
    },
  );

  app.post<{ Body: SlideViewInput }>(
    '/slideview/import',
    { schema: importSchema, bodyLimit: 65_536 },
    async (request) => {
      const id = await saveSlideView(db, snapshot(), requireUser(request), request.body, 'imported');
      return ok({ id }, 'Slide view imported');
    },
  );

  app.get<{ Params: { viewId: number } }>(
    '/slideview/:viewId/export',
    { schema: oneSchema },
    async (request, reply) => {
      requireUser(request);
      const record = await visible(request, request.params.viewId);
      const file = `${record.name.replace(/[^\w.-]+/g, '-')}.slides.json`;
      return reply
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(ok({ screen: record.screen, name: record.name, view: record.view }));
    },
  );

  app.delete<{ Params: { viewId: number } }>('/slideview/:viewId', { schema: oneSchema }, async (request) => {
    const auth = requireUser(request);
    const record = await visible(request, request.params.viewId);
    if (!mayDeleteSlideView(auth, record)) throw new ForbiddenError(DELETE_REFUSED);
    await deleteSlideView(db, auth.groupId, record.id);
    await audit(db, auth.userId, 'slide_view.deleted', `slide_view:${record.id}`, {
      group_id: auth.groupId,
      screen: record.screen,
      name: record.name,
    });
    return ok({}, 'Slide view deleted');
  });

  app.get<{ Querystring: { screen: string } }>(
    '/slideview/matrix',
    { schema: catalogueSchema },
    (request) => {
      const auth = requireUser(request);
      const deck = slideScreenDeck(snapshot(), auth, request.query.screen);
      return ok(composableScreens(snapshot(), auth, deck));
    },
  );

  app.get<{ Querystring: { screen: string; source: string } }>(
    '/datapoint',
    { schema: sourceSchema },
    (request) => {
      const source = sourceOf(request.query, requireUser(request));
      return ok(composableWidgets(source));
    },
  );

  app.get<{ Querystring: { screen: string; source: string } }>(
    '/filter',
    { schema: sourceSchema },
    (request) => {
      const source = sourceOf(request.query, requireUser(request));
      return ok(screenFilters(source));
    },
  );

  app.get('/submenu', { schema: submenuSchema }, async (request) => {
    const auth = requireUser(request);
    const out = [];
    for (const screen of snapshot().screens.values()) {
      if (!slideDeckOf(screen) || !mayOpenScreen(auth, screen.permission)) continue;
      const { rows, total } = await listSlideViews(db, auth.groupId, screen.permission, {
        offset: 0,
        limit: 100,
      });
      out.push({
        screen: screen.permission,
        name: screen.title,
        url: `/workspace/${screen.permission}`,
        total,
        views: rows.map((r) => ({ id: r.id, name: r.name })),
      });
    }
    return ok(out);
  });

  /** A source screen the deck may draw on, for the composer's pickers. */
  function sourceOf(query: { screen: string; source: string }, auth: ActiveAuth) {
    const deck = slideScreenDeck(snapshot(), auth, query.screen);
    const source = composableScreens(snapshot(), auth, deck).find((s) => s.screen === query.source);
    if (!source) throw new NotFoundError(`Unknown screen "${query.source.slice(0, 80)}"`);
    return snapshot().screens.get(query.source)!;
  }
  return Promise.resolve();
};
