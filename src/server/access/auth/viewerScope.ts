import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../../shared/errors.js';

/**
 * The routes a share-link viewer may call: its screen's reads and the read-mode session calls.
 * Deny by default: a route added later is closed to viewers until it is listed here. The screen
 * routes check the one shared screen themselves (requireActivity), so a viewer reads that
 * screen's config, data and suggestions and nothing else.
 */
const VIEWER_ROUTES = new Set([
  'GET /api/v1/processmonitor/sessionvalidity',
  'GET /api/v1/user/menu',
  'GET /api/v1/info/getlastcrawltiming',
  'GET /api/v1/config/areas',
  'GET /api/v1/config/screen',
  'GET /api/v1/suggestion/:source',
  'GET /api/v1/*',
  'GET /api/v1/pax-viz/session',
  'POST /api/v1/paxviz/tokenVerify',
  // A shared slide view: its list (the one deck), the deck, and its widgets' screens (paxviz/).
  'GET /api/v1/paxviz/slideview/list',
  'GET /api/v1/paxviz/slideview/:viewId',
  'GET /api/v1/paxviz/slideview/:viewId/config/screen',
  'GET /api/v1/paxviz/slideview/:viewId/suggestion/:source',
  'GET /api/v1/paxviz/slideview/:viewId/*',
]);

export const VIEWER_DENIED = 'Not available in read mode';

export function viewerMayCall(method: string, routeUrl: string | undefined): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return routeUrl !== undefined && VIEWER_ROUTES.has(`${m} ${routeUrl}`);
}

/** Throws the 403 when the caller is a share-link viewer and the route is not one of theirs. */
export function checkViewerScope(request: FastifyRequest): void {
  if (request.auth?.readMode && !viewerMayCall(request.method, request.routeOptions.url)) {
    throw new ForbiddenError(VIEWER_DENIED);
  }
}
