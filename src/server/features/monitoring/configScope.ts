import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ScreenConfig } from '../../../shared/config.gen.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import type { ActiveAuth } from '../../access/auth/guards.js';
import { configForGroup } from '../../language/config/overlay/configForGroup.js';

/**
 * Where the config and data routes find their screens and who may open them. The product's
 * routes answer from the live config with the screen's activity; the screen editor's preview
 * mounts the same routes on an admin's validated draft, so a preview runs exactly the code (and
 * the compiled, group-scoped SQL) of a saved screen.
 */
export interface ConfigScope {
  snapshot(request: FastifyRequest): ConfigSnapshot;
  /**
   * The menu and screen definitions the caller's group is served: the live config with the group's
   * overlay (docs/config-storage.md). Data answers keep `snapshot`: an overlay changes labels and
   * what is shown, never what a query accepts. Absent: `snapshot` (a draft preview).
   */
  presented?(request: FastifyRequest): ConfigSnapshot;
  authorize(request: FastifyRequest, screen: ScreenConfig): ActiveAuth;
  /**
   * Whether answers may come from the result cache. Its key holds the config's version, which
   * tells live configs apart but not two drafts (both built as version 0): previews are uncached.
   */
  cacheResults: boolean;
}

export function liveScope(app: FastifyInstance): ConfigScope {
  return {
    snapshot: () => app.deps.config.current(),
    presented: (request) =>
      configForGroup(app.deps.config, app.deps.storedConfig, request.auth?.groupId ?? null),
    authorize: (request, screen) => requireActivity(request, screen.permission),
    cacheResults: true,
  };
}
