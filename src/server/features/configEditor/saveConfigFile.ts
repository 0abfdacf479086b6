import { BadRequestError } from '../../../shared/errors.js';
import { problemLine, type EditorProblem, type SaveAnswer } from '../../../shared/configEditor.js';
import type { Deps } from '../../platform/deps.js';
import type { ActiveAuth } from '../../access/auth/guards.js';
import { gitText, shaOf } from '../../language/config/stored/storedConfig.js';
import { confinedConfigPath } from './configFilePaths.js';
import { validateDraft } from './validateDraft.js';
import { storedOf, storeVersion, type VersionedFile } from './configVersions.js';

/** Refused save: 400 with every validator line; nothing is stored. */
export class ConfigDraftInvalidError extends BadRequestError {
  constructor(
    readonly editorProblems: EditorProblem[],
    refused = 'Not saved',
  ) {
    super(
      `${refused}: ${editorProblems.length} problem${editorProblems.length === 1 ? '' : 's'}\n${editorProblems.map(problemLine).join('\n')}`,
      editorProblems.map((p) => ({ path: `${p.file}#${p.pointer}`, message: p.message })),
    );
  }
}

/** A file of the global config as the editor versions it: the stored save that serves, else the file in git. */
export function globalFile(deps: Deps, relativePath: string): VersionedFile {
  const dir = deps.env.SCREENS_DIR;
  confinedConfigPath(dir, relativePath);
  return {
    owner: null,
    path: relativePath,
    current: () => storedOf(deps).overrides(dir).get(relativePath) ?? gitText(dir, relativePath),
    git: () => gitText(dir, relativePath),
  };
}

/**
 * Saves one config file for platform staff (docs/config-storage.md): validated again among the
 * files and the other stored saves (the draft the page validated may be stale), stored as a new
 * version over the file in git (never written to this instance's disk), audited with who and the
 * diff, and served by every instance before the answer leaves.
 */
export async function saveConfigFile(
  deps: Deps,
  auth: ActiveAuth,
  relativePath: string,
  text: string,
  restoredFrom?: number,
): Promise<SaveAnswer> {
  const dir = deps.env.SCREENS_DIR;
  const file = globalFile(deps, relativePath);
  const before = file.current();
  if (before === text) return { path: relativePath, changed: false, reloaded: true };
  const others = storedOf(deps).overrides(dir);
  const result = validateDraft(dir, relativePath, text, others);
  if (!result.snapshot)
    throw new ConfigDraftInvalidError(
      result.problems,
      restoredFrom === undefined ? 'Not saved' : 'Not restored',
    );
  const git = file.git();
  const action =
    restoredFrom !== undefined ? 'config.restored' : before === null ? 'config.created' : 'config.saved';
  await storeVersion(deps, file, {
    auth,
    text,
    baseSha: git === null ? null : shaOf(git),
    restoredFrom,
    action,
    target: `config:${relativePath}`,
  });
  const served = deps.config.current() && file.current() === text;
  const refused = deps.config.lastProblems().some((p) => p.file === relativePath);
  return { path: relativePath, changed: true, reloaded: served && !refused };
}
