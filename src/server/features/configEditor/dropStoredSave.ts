import { NotFoundError } from '../../../shared/errors.js';
import type { SaveAnswer } from '../../../shared/configEditor.js';
import type { Deps } from '../../platform/deps.js';
import type { ActiveAuth } from '../../access/auth/guards.js';
import { buildConfigSnapshot } from '../../language/config/buildConfigSnapshot.js';
import { shaOf } from '../../language/config/stored/storedConfig.js';
import { storedOf, storeVersion } from './configVersions.js';
import { locateProblems } from './problemPositions.js';
import { ConfigDraftInvalidError, globalFile } from './saveConfigFile.js';

/**
 * Drops the stored save of one file for platform staff (docs/config-storage.md): the file in git
 * (the shipped file) serves again, or, for a file git does not have, the file is gone. Checked
 * first as a save is: the config without that save must validate among the other stored saves
 * (another save may name a screen only this one made), else 400 with every problem. Stored as a
 * version (history is never rewritten), audited `config.dropped` with the diff, and announced to
 * every instance like a save.
 */
export async function dropStoredSave(
  deps: Deps,
  auth: ActiveAuth,
  relativePath: string,
): Promise<SaveAnswer> {
  const dir = deps.env.SCREENS_DIR;
  const file = globalFile(deps, relativePath);
  const stored = storedOf(deps);
  if (!stored.fileState(dir, relativePath))
    throw new NotFoundError(`${relativePath} has no stored save: the file in git serves`);
  const git = file.git();
  const others = new Map(stored.overrides(dir));
  others.delete(relativePath);
  const result = buildConfigSnapshot(dir, 0, { drafts: others });
  if (!result.snapshot)
    throw new ConfigDraftInvalidError(
      locateProblems(result.problems, relativePath, git ?? ''),
      'Not dropped',
    );
  await storeVersion(deps, file, {
    auth,
    text: git ?? '',
    baseSha: git === null ? null : shaOf(git),
    dropped: true,
    action: 'config.dropped',
    target: `config:${relativePath}`,
  });
  return { path: relativePath, changed: true, reloaded: file.current() === git };
}
