import { BadRequestError } from '../../../shared/errors.js';
import type { SaveAnswer } from '../../../shared/configEditor.js';
import type { GroupOverlay } from '../../../shared/groupOverlay.js';
import type { Deps } from '../../platform/deps.js';
import type { ActiveAuth } from '../../access/auth/guards.js';
import { OVERLAY_PATH } from '../../language/config/stored/configVersionsTable.js';
import { checkGroupOverlay } from '../../language/config/overlay/checkGroupOverlay.js';
import { storedOf, storeVersion, type VersionedFile } from './configVersions.js';

/** A group's overlay as versioned in the store; it has no file in git. */
export function overlayFile(deps: Deps, groupId: number): VersionedFile {
  return {
    owner: groupId,
    path: OVERLAY_PATH,
    current: () => storedOf(deps).overlayOf(groupId)?.text ?? null,
    git: () => null,
  };
}

/** The overlay as stored: formatted JSON, so versions diff line by line. */
export const overlayText = (overlay: GroupOverlay) => `${JSON.stringify(overlay, null, 2)}\n`;

/**
 * Saves the caller's group's overlay (docs/config-storage.md): checked against the global config
 * (only the listed properties, only names it has, then the changed screens through the language's
 * checks), refused with every problem, stored as a version, audited with the diff.
 */
export async function saveGroupOverlay(
  deps: Deps,
  auth: ActiveAuth,
  data: unknown,
  restoredFrom?: number,
): Promise<SaveAnswer> {
  const checked = checkGroupOverlay(data, deps.config.current());
  if (!checked.overlay) {
    const { problems } = checked;
    const refused = restoredFrom === undefined ? 'Not saved' : 'Not restored';
    throw new BadRequestError(
      `${refused}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map((p) => `overlay#${p.pointer}: ${p.message}`).join('\n')}`,
      problems.map((p) => ({ path: p.pointer, message: p.message })),
    );
  }
  const file = overlayFile(deps, auth.groupId);
  const text = overlayText(checked.overlay);
  if (file.current() === text) return { path: OVERLAY_PATH, changed: false, reloaded: true };
  await storeVersion(deps, file, {
    auth,
    text,
    baseSha: null,
    restoredFrom,
    action: restoredFrom === undefined ? 'config.overlay.saved' : 'config.overlay.restored',
    target: `config-overlay:group:${auth.groupId}`,
  });
  return { path: OVERLAY_PATH, changed: true, reloaded: file.current() === text };
}

/** The group's overlay now ({} when it has none). */
export function currentOverlay(
  deps: Deps,
  groupId: number,
): { overlay: GroupOverlay; versionId: number | null } {
  const head = storedOf(deps).overlayOf(groupId);
  if (!head) return { overlay: {}, versionId: null };
  return { overlay: JSON.parse(head.text) as GroupOverlay, versionId: head.id };
}
