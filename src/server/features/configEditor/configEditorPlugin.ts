import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { ok, fail } from '../../../shared/envelope.js';
import { NotFoundError } from '../../../shared/errors.js';
import type { ValidateAnswer } from '../../../shared/configEditor.js';
import type { ConfigFileKind } from '../../language/config/configSchemas.js';
import { requireStaff, requireUser } from '../../access/auth/guards.js';
import { confinedConfigPath, listConfigFiles } from './configFilePaths.js';
import { DraftStore, previewScreenOf } from './draftStore.js';
import { draftPreviewRoutes } from './draftPreviewRoutes.js';
import { editorSchema } from './editorSchema.js';
import { ConfigDraftInvalidError, saveConfigFile } from './saveConfigFile.js';
import { validateDraft } from './validateDraft.js';
import {
  listFilesSchema,
  readFileSchema,
  saveSchema,
  schemaSchema,
  validateSchema,
} from './editorRouteSchemas.js';

interface DraftBody {
  Body: { path: string; text: string };
}

/**
 * The screen editor's API under /api/v1/config/editor: list, read, validate and
 * save config files, and preview a validated draft. Platform staff only (docs/principals.md): the
 * config is global, served to every group. The guard runs before input validation, so anyone else
 * gets 403 whatever they send.
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

  app.get('/files', { schema: listFilesSchema }, () => ok({ files: listConfigFiles(dir) }));

  app.get<{ Querystring: { path: string } }>('/file', { schema: readFileSchema }, (request) => {
    const { full } = confinedConfigPath(dir, request.query.path);
    try {
      return ok({ path: request.query.path, text: readFileSync(full, 'utf8') });
    } catch {
      throw new NotFoundError(`No config file ${request.query.path}`);
    }
  });

  app.get<{ Querystring: { kind: ConfigFileKind } }>('/schema', { schema: schemaSchema }, (request) =>
    ok(editorSchema(request.query.kind)),
  );

  app.post<DraftBody>('/validate', { schema: validateSchema }, (request) => {
    const auth = requireUser(request);
    const { entry } = confinedConfigPath(dir, request.body.path);
    const result = validateDraft(dir, entry.path, request.body.text);
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

  await app.register(draftPreviewRoutes(drafts), { prefix: '/drafts/:draftId' });
};
