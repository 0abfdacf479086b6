import { createTwoFilesPatch } from 'diff';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import type { ConfigVersionList, ConfigDiff } from '../../../shared/configEditor.js';
import type { Deps } from '../../platform/deps.js';
import type { ActiveAuth } from '../../access/auth/guards.js';
import { audit } from '../../platform/store/auditRepo.js';
import {
  configVersionText,
  insertConfigVersion,
  listConfigVersions,
  type ConfigOwner,
} from '../../language/config/stored/configVersionsRepo.js';
import type { StoredConfig } from '../../language/config/stored/storedConfig.js';

/** The stored config of a running server (startServer.ts hangs it on deps). */
export function storedOf(deps: Deps): StoredConfig {
  if (!deps.storedConfig) throw new Error('the stored config is not attached (startServer.ts)');
  return deps.storedConfig;
}

/** One file's history: the global config's file, or a group's overlay. */
export interface VersionedFile {
  owner: ConfigOwner;
  path: string;
  /** What serves now, and the file in git (null when there is none, and for an overlay). */
  current(): string | null;
  git(): string | null;
}

export interface NewVersion {
  auth: ActiveAuth;
  text: string;
  baseSha: string | null;
  restoredFrom?: number;
  /** A drop of the stored save (dropStoredSave.ts): the file in git serves from it on. */
  dropped?: boolean;
  /** The audit entry's action and target. */
  action: string;
  target: string;
}

/**
 * Stores a checked version, audits who and the diff against what served before (the log row
 * carries when) in one transaction, then reloads and tells the other instances before answering.
 */
export async function storeVersion(deps: Deps, file: VersionedFile, version: NewVersion): Promise<number> {
  const before = file.current();
  const diff = unifiedDiff(file.path, before ?? '', version.text, before === null ? 'new file' : '');
  const id = await deps.store.db.transaction().execute(async (trx) => {
    const versionId = await insertConfigVersion(trx, {
      owner: file.owner,
      path: file.path,
      text: version.text,
      baseSha: version.baseSha,
      authorId: version.auth.userId,
      restoredFrom: version.restoredFrom,
      dropped: version.dropped,
    });
    await audit(trx, version.auth.userId, version.action, version.target, {
      groupId: version.auth.groupId,
      versionId,
      ...(version.restoredFrom === undefined ? {} : { restoredFrom: version.restoredFrom }),
      diff,
    });
    return versionId;
  });
  await storedOf(deps).saved();
  return id;
}

export async function versionList(deps: Deps, file: VersionedFile): Promise<ConfigVersionList> {
  const rows = await listConfigVersions(deps.store.db, file.owner, file.path);
  const current = file.current();
  const head = rows[0];
  const headText = head ? await configVersionText(deps.store.db, file.owner, file.path, head.id) : null;
  const git = file.git();
  return {
    path: file.path,
    serving: head && !head.dropped && headText === current && current !== null ? 'store' : 'git',
    gitSize: git === null ? null : Buffer.byteLength(git),
    versions: rows.map((r) => ({
      id: r.id,
      author: r.author,
      createdAt: r.createdAt.toISOString(),
      size: r.size,
      restoredFrom: r.restoredFrom,
      dropped: r.dropped,
    })),
  };
}

/** A version's text, 404 when the file has no such version (another file's or group's id included). */
export async function versionText(deps: Deps, file: VersionedFile, id: number): Promise<string> {
  const text = await configVersionText(deps.store.db, file.owner, file.path, id);
  if (text === null) throw new NotFoundError(`No version ${id} of ${file.path}`);
  return text;
}

/** `from` and `to`: a version id, 'git' (the file in git) or 'current' (what serves now). */
export async function versionDiff(
  deps: Deps,
  file: VersionedFile,
  from: string,
  to: string,
): Promise<ConfigDiff> {
  const side = async (which: string): Promise<string> => {
    if (which === 'current') return file.current() ?? '';
    if (which === 'git') {
      const git = file.git();
      if (git === null) throw new NotFoundError(`${file.path} has no file in git`);
      return git;
    }
    if (!/^\d{1,9}$/.test(which))
      throw new BadRequestError('from and to must be a version id, git or current');
    return versionText(deps, file, Number(which));
  };
  const [a, b] = [await side(from), await side(to)];
  return { path: file.path, from, to, diff: unifiedDiff(file.path, a, b, from, to) };
}

function unifiedDiff(path: string, a: string, b: string, aLabel = '', bLabel = ''): string {
  return createTwoFilesPatch(path, path, a, b, aLabel, bLabel, { context: 2 });
}
