import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { requireUser } from '../../access/auth/guards.js';
import type { ConfigScope } from '../monitoring/configScope.js';
import { registerConfigRoutes } from '../monitoring/configRoutes.js';
import { registerDataRoutes } from '../monitoring/dataRoutes.js';
import { registerSuggestionRoutes } from '../monitoring/suggestionRoutes.js';
import type { DraftStore } from './draftStore.js';
import { addPrefixParam } from '../monitoring/prefixParam.js';

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
  return previewPlugin(scope, 'A validated draft');
}

/** The product's config, suggestion and data routes under drafts/:draftId, answering from `scope`. */
export function previewPlugin(scope: ConfigScope, draftDescription: string): FastifyPluginCallback {
  return (preview, _opts, done) => {
    addPrefixParam(preview, 'draftId', { type: 'string', description: draftDescription });
    registerConfigRoutes(preview, scope);
    registerSuggestionRoutes(preview, scope);
    registerDataRoutes(preview, scope);
    done();
  };
}
