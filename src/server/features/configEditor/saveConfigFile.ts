import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTwoFilesPatch } from 'diff';
import { BadRequestError } from '../../../shared/errors.js';
import { problemLine, type EditorProblem, type SaveAnswer } from '../../../shared/configEditor.js';
import type { Deps } from '../../platform/deps.js';
import type { ActiveAuth } from '../../access/auth/guards.js';
import { audit } from '../../platform/store/auditRepo.js';
import { confinedConfigPath } from './configFilePaths.js';
import { validateDraft } from './validateDraft.js';

/** Refused save: 400 with every validator line; the file is left as it was. */
export class ConfigDraftInvalidError extends BadRequestError {
  constructor(readonly editorProblems: EditorProblem[]) {
    super(
      `Not saved: ${editorProblems.length} problem${editorProblems.length === 1 ? '' : 's'}\n${editorProblems.map(problemLine).join('\n')}`,
      editorProblems.map((p) => ({ path: `${p.file}#${p.pointer}`, message: p.message })),
    );
  }
}

const RELOAD_WAIT_MS = 3000;

/**
 * Writes one config file for an admin: validated again (the draft the page validated may be
 * stale), written atomically (a temp name the reader ignores, then rename, so hot reload never
 * reads half a file), audited with who and the diff (the log row carries when), then waits
 * briefly for hot reload to serve it.
 */
export async function saveConfigFile(
  deps: Deps,
  auth: ActiveAuth,
  relativePath: string,
  text: string,
): Promise<SaveAnswer> {
  const dir = deps.env.SCREENS_DIR;
  const { full } = confinedConfigPath(dir, relativePath);
  const before = existsSync(full) ? readFileSync(full, 'utf8') : null;
  if (before === text) return { path: relativePath, changed: false, reloaded: true };
  const result = validateDraft(dir, relativePath, text);
  if (!result.snapshot) throw new ConfigDraftInvalidError(result.problems);
  const version = deps.config.current().version;
  mkdirSync(path.dirname(full), { recursive: true });
  const temp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, full);
  const diff = createTwoFilesPatch(
    relativePath,
    relativePath,
    before ?? '',
    text,
    before === null ? 'new file' : '',
    '',
    { context: 2 },
  );
  await audit(
    deps.store.db,
    auth.userId,
    before === null ? 'config.created' : 'config.saved',
    `config:${relativePath}`,
    {
      groupId: auth.groupId,
      diff,
    },
  );
  return { path: relativePath, changed: true, reloaded: await reloaded(deps, version) };
}

/** Hot reload picks an edit up on the next read after the watcher or the poll notices it. */
async function reloaded(deps: Deps, version: number): Promise<boolean> {
  const until = Date.now() + RELOAD_WAIT_MS;
  while (Date.now() < until) {
    if (deps.config.current().version !== version) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
