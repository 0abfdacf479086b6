import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import type { OverlayAnswer, OverlayPreviewAnswer } from '../../../shared/groupOverlay.js';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { requireAdminActivity } from '../../access/auth/guards.js';
import { versionDiff, versionList, versionText } from './configVersions.js';
import { currentOverlay, overlayFile, saveGroupOverlay } from './groupOverlays.js';
import { overlayCatalogue } from './overlayCatalogue.js';
import { DraftStore } from './draftStore.js';
import { overlayPreviewRoutes, type OverlayDraft } from './overlayPreviewRoutes.js';
import { checkGroupOverlay } from '../../language/config/overlay/checkGroupOverlay.js';
import { applyGroupOverlay } from '../../language/config/overlay/applyGroupOverlay.js';
import {
  overlayDiffSchema,
  overlayPreviewSchema,
  overlayReadSchema,
  overlayRestoreSchema,
  overlaySaveSchema,
  overlayVersionsSchema,
} from './overlayRouteSchemas.js';

/**
 * A group's overlay of the global config under /api/v1/config/overlay (docs/config-storage.md):
 * read, save, versions, diff and restore, and a live preview of a draft (overlayPreviewRoutes.ts),
 * for the session's group only. The group's admin role
 * is required (the roles activity, as isGroupAdmin in access/auth/groupAdmin.ts); no staff flag,
 * and the global config stays out of reach (the editor's routes answer 403).
 */
export const overlayPlugin: FastifyPluginAsync = async (app) => {
  const drafts = new DraftStore<OverlayDraft>();
  const admin = (request: Parameters<typeof requireAdminActivity>[0]) =>
    requireAdminActivity(request, ADMIN_ACTIVITIES.roles.url);
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      admin(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  app.get('', { schema: overlayReadSchema }, (request) => {
    const auth = admin(request);
    const answer: OverlayAnswer = {
      ...currentOverlay(app.deps, auth.groupId),
      areas: overlayCatalogue(app.deps.config.current()),
    };
    return ok(answer);
  });

  app.put<{ Body: { overlay: unknown } }>('', { schema: overlaySaveSchema }, async (request) =>
    ok(await saveGroupOverlay(app.deps, admin(request), request.body.overlay), 'Saved'),
  );

  app.get('/versions', { schema: overlayVersionsSchema }, async (request) =>
    ok(await versionList(app.deps, overlayFile(app.deps, admin(request).groupId))),
  );

  // A draft overlay, checked as a save is, kept in memory for its author's preview only.
  app.post<{ Body: { overlay: unknown } }>('/preview', { schema: overlayPreviewSchema }, (request) => {
    const auth = admin(request);
    const data = app.deps.config.current();
    const checked = checkGroupOverlay(request.body.overlay, data);
    const answer: OverlayPreviewAnswer = {
      valid: checked.overlay !== null,
      problems: checked.problems,
      draftId: null,
    };
    if (checked.overlay)
      answer.draftId = drafts.add({
        userId: auth.userId,
        groupId: auth.groupId,
        data,
        presented: applyGroupOverlay(data, checked.overlay),
      });
    return ok(answer);
  });

  app.get<{ Querystring: { from: string; to: string } }>(
    '/diff',
    { schema: overlayDiffSchema },
    async (request) => {
      const file = overlayFile(app.deps, admin(request).groupId);
      return ok(await versionDiff(app.deps, file, request.query.from, request.query.to));
    },
  );

  // A restored version is checked again: the global config may have changed under it.
  app.post<{ Body: { versionId: number } }>('/restore', { schema: overlayRestoreSchema }, async (request) => {
    const auth = admin(request);
    const text = await versionText(app.deps, overlayFile(app.deps, auth.groupId), request.body.versionId);
    return ok(await saveGroupOverlay(app.deps, auth, JSON.parse(text), request.body.versionId), 'Restored');
  });
  await app.register(overlayPreviewRoutes(drafts), { prefix: '/drafts/:draftId' });
};
