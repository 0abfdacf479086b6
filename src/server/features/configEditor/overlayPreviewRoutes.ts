import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { requireUser } from '../../access/auth/guards.js';
import { requireActivity } from '../../access/auth/requireActivity.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import type { ConfigScope } from '../monitoring/configScope.js';
import type { DraftStore } from './draftStore.js';
import { previewPlugin } from './draftPreviewRoutes.js';

/** A checked overlay not yet saved: the config its author's group would be served with it. */
export interface OverlayDraft {
  userId: number;
  groupId: number;
  /** The global config it was checked against (data answers come from it, as live). */
  data: ConfigSnapshot;
  /** `data` with the draft overlay applied (menu and screen definitions). */
  presented: ConfigSnapshot;
}

/**
 * The product's config, suggestion and data routes under config/overlay/drafts/:draftId, serving
 * the menu and screens of a draft overlay to its author in their group only, with exactly the live
 * code: data answers are the live config's, opened with the author's own activities (a preview
 * shows what the group will see, never more). Nothing is stored: the draft lives in memory.
 */
export function overlayPreviewRoutes(drafts: DraftStore<OverlayDraft>): FastifyPluginCallback {
  const draftOf = (request: FastifyRequest) =>
    drafts.get((request.params as { draftId: string }).draftId, requireUser(request));
  const scope: ConfigScope = {
    snapshot: (request) => draftOf(request).data,
    presented: (request) => draftOf(request).presented,
    authorize: (request, screen) => requireActivity(request, screen.permission),
    cacheResults: true,
  };
  return previewPlugin(scope, 'A checked draft overlay');
}
