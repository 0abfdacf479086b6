import type { FastifyPluginAsync } from 'fastify';
import { ok, fail } from '../../../shared/envelope.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import type { ConfigFileEntry, ValidateAnswer } from '../../../shared/configEditor.js';
import type { ConfigFileKind } from '../../language/config/configSchemas.js';
import { requireStaff, requireUser } from '../../access/auth/guards.js';
import { confinedConfigPath, listConfigFiles } from './configFilePaths.js';
import { DraftStore, previewScreenOf } from './draftStore.js';
import { draftPreviewRoutes } from './draftPreviewRoutes.js';
import { editorSchema } from './editorSchema.js';
import { ConfigDraftInvalidError, globalFile, saveConfigFile } from './saveConfigFile.js';
import { validateDraft } from './validateDraft.js';
import { dropStoredSave } from './dropStoredSave.js';
import { storedOf, versionDiff, versionList, versionText } from './configVersions.js';
import {
  diffSchema,
  dropSchema,
  listFilesSchema,
  readFileSchema,
  restoreSchema,
  saveSchema,
  schemaSchema,
  validateSchema,
  versionsSchema,
} from './editorRouteSchemas.js';

interface DraftBody {
  Body: { path: string; text: string };
}

/**
 * The screen editor's API under /api/v1/config/editor: list, read, validate and save config
 * files, preview a validated draft, and each file's stored versions (list, diff, restore, drop).
 * Platform staff only (docs/principals.md): the config is global, served to every group. The guard
 * runs before input validation, so anyone else gets 403 whatever they send.
 */
export const configEditorPlugin: FastifyPluginAsync = async (app) => {
  const dir = app.deps.env.SCREENS_DIR;
  const drafts = new DraftStore();
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      requireStaff(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  app.get('/files', { schema: listFilesSchema }, () => {
    const states = new Map(
      storedOf(app.deps)
        .states(dir)
        .map((s) => [s.head.path, s]),
    );
    const files = listConfigFiles(dir, [...states.keys()]).map((f): ConfigFileEntry => {
      const state = states.get(f.path);
      return state ? { ...f, stored: state.applies ? 'served' : 'superseded' } : f;
    });
    return ok({ files });
  });

  app.get<{ Querystring: { path: string } }>('/file', { schema: readFileSchema }, (request) => {
    const text = globalFile(app.deps, request.query.path).current();
    if (text === null) throw new NotFoundError(`No config file ${request.query.path}`);
    return ok({ path: request.query.path, text });
  });

  app.get<{ Querystring: { kind: ConfigFileKind } }>('/schema', { schema: schemaSchema }, (request) =>
    ok(editorSchema(request.query.kind)),
  );

  app.post<DraftBody>('/validate', { schema: validateSchema }, (request) => {
    const auth = requireUser(request);
    const { entry } = confinedConfigPath(dir, request.body.path);
    const stored = storedOf(app.deps).overrides(dir);
    const result = validateDraft(dir, entry.path, request.body.text, stored);
    const answer: ValidateAnswer = {
      valid: result.snapshot !== null,
      problems: result.problems,
      draftId: null,
      preview: null,
    };
    if (result.snapshot) {
      answer.draftId = drafts.add({
        userId: auth.userId,
        groupId: auth.groupId,
        file: entry,
        snapshot: result.snapshot,
      });
      answer.preview = previewScreenOf(result.snapshot, entry);
    }
    return ok(answer);
  });

  app.put<DraftBody>('/file', { schema: saveSchema }, async (request, reply) => {
    try {
      return ok(
        await saveConfigFile(app.deps, requireUser(request), request.body.path, request.body.text),
        'Saved',
      );
    } catch (error) {
      if (!(error instanceof ConfigDraftInvalidError)) throw error;
      return reply.status(400).send(fail(error.message, { problems: error.editorProblems }));
    }
  });

  app.get<{ Querystring: { path: string } }>('/versions', { schema: versionsSchema }, async (request) =>
    ok(await versionList(app.deps, globalFile(app.deps, request.query.path))),
  );

  app.get<{ Querystring: { path: string; from: string; to: string } }>(
    '/diff',
    { schema: diffSchema },
    async (request) => {
      const { path, from, to } = request.query;
      return ok(await versionDiff(app.deps, globalFile(app.deps, path), from, to));
    },
  );

  // Restore: the version is saved again as the newest, through the same checks as an edit.
  app.post<{ Body: { path: string; versionId: number } }>(
    '/restore',
    { schema: restoreSchema },
    async (request, reply) => {
      const { path, versionId } = request.body;
      const file = globalFile(app.deps, path);
      const text = await versionText(app.deps, file, versionId);
      const listed = (await versionList(app.deps, file)).versions.find((v) => v.id === versionId);
      if (listed?.dropped)
        throw new BadRequestError(`Version ${versionId} dropped the stored save: it has nothing to restore`);
      try {
        return ok(await saveConfigFile(app.deps, requireUser(request), path, text, versionId), 'Restored');
      } catch (error) {
        if (!(error instanceof ConfigDraftInvalidError)) throw error;
        return reply.status(400).send(fail(error.message, { problems: error.editorProblems }));
      }
    },
  );

  // Drop: the stored save stops serving and the file in git (the shipped file) serves again.
  app.post<{ Body: { path: string } }>('/drop', { schema: dropSchema }, async (request, reply) => {
    try {
      return ok(await dropStoredSave(app.deps, requireUser(request), request.body.path), 'Dropped');
    } catch (error) {
      if (!(error instanceof ConfigDraftInvalidError)) throw error;
      return reply.status(400).send(fail(error.message, { problems: error.editorProblems }));
    }
  });

  await app.register(draftPreviewRoutes(drafts), { prefix: '/drafts/:draftId' });
};
