import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { ForbiddenError, UnauthorizedError } from '../../../shared/errors.js';
import { UNAUTHORIZED_USER } from '../../access/auth/requireActivity.js';
import { liveScope, type ConfigScope } from './configScope.js';
import { resolveScreen } from './resolveScreen.js';
import { staffOnlyFieldsReadOnly } from './staffOnlyFieldsReadOnly.js';
import { allowedTabs, findScreen, mayOpen, withOpenWidgets } from './screenAccess.js';
import { areasSchema, screenConfigSchema } from './routeSchemas.js';

/** GET config/screen and config/areas: what the runtime renders, limited to what the caller may open. */
export function registerConfigRoutes(app: FastifyInstance, scope: ConfigScope = liveScope(app)): void {
  app.get<{ Querystring: { area: string; screen: string } }>(
    '/config/screen',
    { schema: screenConfigSchema },
    (request) => {
      const snapshot = scope.presented?.(request) ?? scope.snapshot(request);
      const screen = findScreen(snapshot, `${request.query.area}/${request.query.screen}`);
      scope.authorize(request, screen);
      // A viewer of a shared extra screen reads its sources' data, never those screens whole.
      if (scope.presented && request.auth?.readMode && !mayOpen(request.auth, screen))
        throw new ForbiddenError(`Access denied to ${request.query.area}/${request.query.screen}`);
      const served = withOpenWidgets(scope.snapshot(request), screen, request.auth);
      return ok(staffOnlyFieldsReadOnly(resolveScreen(snapshot, served, request.auth), request.auth));
    },
  );

  app.get('/config/areas', { schema: areasSchema }, (request) => {
    if (!request.auth || request.auth.groupId === null) throw new UnauthorizedError(UNAUTHORIZED_USER);
    const snapshot = scope.presented?.(request) ?? scope.snapshot(request);
    const areas = [...snapshot.areas.values()]
      .map((area) => ({ area, tabs: allowedTabs(snapshot, area, request.auth) }))
      .filter((a) => a.tabs.length > 0)
      .sort(
        (a, b) => (a.area.order ?? 1000) - (b.area.order ?? 1000) || a.area.label.localeCompare(b.area.label),
      )
      .map(({ area, tabs }) => ({
        id: area.id,
        label: area.label,
        icon: area.icon,
        order: area.order,
        url: tabs[0]!.url,
        tabs,
      }));
    return ok(areas);
  });
}
