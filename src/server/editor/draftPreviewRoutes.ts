import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/guards.js';
import type { ConfigScope } from '../data/configScope.js';
import { registerConfigRoutes } from '../data/configRoutes.js';
import { registerDataRoutes } from '../data/dataRoutes.js';
import { registerSuggestionRoutes } from '../data/suggestionRoutes.js';
import type { DraftStore } from './draftStore.js';
import { addPrefixParam } from '../data/prefixParam.js';

/**
 * The product's own config, suggestion and data routes, mounted under drafts/:draftId and
 * answering from that validated draft instead of the live config. The editor's admin guard
 * covers them; the draft belongs to the caller's user and group, and every query runs with the
 * caller's group as on a saved screen (same compiler, same bound parameters).
 */
export function draftPreviewRoutes(drafts: DraftStore): FastifyPluginCallback {
  const scope: ConfigScope = {
    snapshot: (request: FastifyRequest) =>
      drafts.get((request.params as { draftId: string }).draftId, requireUser(request)).snapshot,
    // An admin previews any screen of the draft, including one no role is granted yet.
    authorize: (request: FastifyRequest) => requireUser(request),
    cacheResults: false,
  };
  return (preview, _opts, done) => {
    addPrefixParam(preview, 'draftId', { type: 'string', description: 'A validated draft' });
    registerConfigRoutes(preview, scope);
    registerSuggestionRoutes(preview, scope);
    registerDataRoutes(preview, scope);
    done();
  };
}
