import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../../shared/errors.js';
import { checkViewerScope, VIEWER_DENIED, viewerMayCall } from './viewerScope.js';

const request = (method: string, url: string | undefined, readMode: boolean) =>
  ({
    method,
    routeOptions: { url },
    auth: readMode ? { readMode: { viewId: 0, menuId: 3, screen: 'stock/kpi' } } : { readMode: null },
  }) as unknown as FastifyRequest;

describe('viewer scope', () => {
  it('lets a viewer read its routes, HEAD as GET, and nothing written or unlisted', () => {
    expect(viewerMayCall('GET', '/api/v1/config/screen')).toBe(true);
    expect(viewerMayCall('HEAD', '/api/v1/config/screen')).toBe(true);
    expect(viewerMayCall('POST', '/api/v1/config/screen')).toBe(false);
    expect(viewerMayCall('HEAD', '/api/v1/views')).toBe(false);
    expect(viewerMayCall('GET', '/api/v1/views')).toBe(false);
    expect(viewerMayCall('POST', '/api/v1/paxviz/tokenVerify')).toBe(true);
    // A request that matched no route (404 on its way) is not a viewer route.
    expect(viewerMayCall('GET', undefined)).toBe(false);
  });

  it('answers 403 to a viewer outside its routes and lets a signed-in user through', () => {
    expect(() => checkViewerScope(request('GET', '/api/v1/views', true))).toThrow(
      new ForbiddenError(VIEWER_DENIED),
    );
    expect(() => checkViewerScope(request('GET', '/api/v1/config/screen', true))).not.toThrow();
    expect(() => checkViewerScope(request('GET', '/api/v1/views', false))).not.toThrow();
  });
});
