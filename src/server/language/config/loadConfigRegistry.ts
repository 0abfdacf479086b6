import { watch as watchDir, type FSWatcher } from 'node:fs';
import type { ConfigProblem, ConfigRegistry, ConfigSnapshot } from './configRegistry.js';
import { ConfigInvalidError, formatProblem } from './configProblems.js';
import { buildConfigSnapshot } from './buildConfigSnapshot.js';
import { configSignature } from './readConfigFiles.js';
import type { StoredConfig } from './stored/storedConfig.js';

export interface LoadConfigOptions {
  /** Re-read the files when they change: on the next current() after an edit. */
  watch?: boolean;
  /** Where refused edits are reported; default console.error. */
  log?: (message: string) => void;
  /** Fallback poll interval (ms) for edits fs.watch misses; default 1000. */
  pollMs?: number;
  /** Saves held in the store, served over the files (docs/config-storage.md); rebuilt when they move. */
  stored?: StoredConfig;
}

/** Validates every file once, throwing one ConfigInvalidError that lists every problem (the server's start check). */
export function loadConfigSnapshot(dir: string): ConfigSnapshot {
  const result = buildConfigSnapshot(dir, 1);
  if (!result.snapshot) throw new ConfigInvalidError(result.problems);
  return result.snapshot;
}

/**
 * The live config. Invalid files at start throw ConfigInvalidError. With watch, an edit marks the
 * snapshot dirty (fs.watch, plus a throttled fingerprint check in case an event is missed); the
 * next current() rebuilds it: a valid edit replaces the snapshot, an invalid one is logged with
 * every problem and the last good snapshot keeps serving.
 */
export async function loadConfigRegistry(
  dir: string,
  options: LoadConfigOptions = {},
): Promise<ConfigRegistry> {
  await Promise.resolve();
  const log = options.log ?? ((m: string) => console.error(m));
  const pollMs = options.pollMs ?? 1000;
  let snapshot = loadConfigSnapshot(dir);
  let problems: readonly ConfigProblem[] = [];
  let signature = configSignature(dir);
  const stored = options.stored;
  let storedGeneration = 0;
  let dirty = false;
  let lastPoll = Date.now();
  let watcher: FSWatcher | null = null;
  if (options.watch) {
    try {
      watcher = watchDir(dir, { recursive: true }, () => {
        dirty = true;
      });
      watcher.on('error', () => undefined);
    } catch {
      watcher = null; // no recursive watch here: the fingerprint poll alone notices edits
    }
  }

  const reload = () => {
    const result = buildWithStored(dir, snapshot.version + 1, stored, log);
    problems = result.problems;
    if (result.snapshot) snapshot = result.snapshot;
    else
      log(
        `Config edit refused; the last good config keeps serving:\n${result.problems.map(formatProblem).join('\n')}`,
      );
  };
  const storedMoved = () => stored !== undefined && stored.generation !== storedGeneration;

  return {
    current() {
      let changed = false;
      if (storedMoved()) {
        storedGeneration = stored!.generation;
        changed = true;
      }
      const now = Date.now();
      if (options.watch && (dirty || now - lastPoll >= pollMs)) {
        lastPoll = now;
        dirty = false;
        const next = configSignature(dir);
        if (next !== signature) {
          signature = next;
          changed = true;
        }
      }
      if (changed) reload();
      return snapshot;
    },
    lastProblems: () => problems,
    async close() {
      watcher?.close();
      await Promise.resolve();
    },
  };
}

/**
 * The files with the stored saves over them. A save that no longer validates with the files around
 * it (a file in git changed under it) does not stop the rest: the saves of the files the problems
 * name are left out and the build tried again, then the files alone. The problems of the first
 * try are reported either way, so the editor shows why a save is not served.
 */
function buildWithStored(
  dir: string,
  version: number,
  stored: StoredConfig | undefined,
  log: (message: string) => void,
): { snapshot: ConfigSnapshot | null; problems: readonly ConfigProblem[] } {
  const overrides = stored?.overrides(dir) ?? new Map<string, string>();
  const first = buildConfigSnapshot(dir, version, { drafts: overrides });
  if (first.snapshot || overrides.size === 0) return first;
  const named = new Set(first.problems.map((p) => p.file));
  const kept = new Map([...overrides].filter(([file]) => !named.has(file)));
  for (const attempt of kept.size < overrides.size
    ? [kept, new Map<string, string>()]
    : [new Map<string, string>()]) {
    const result = buildConfigSnapshot(dir, version, { drafts: attempt });
    if (result.snapshot) {
      const left = [...overrides.keys()].filter((file) => !attempt.has(file));
      log(
        `Stored config saves not served (${left.join(', ')}):\n${first.problems.map(formatProblem).join('\n')}`,
      );
      return { snapshot: result.snapshot, problems: first.problems };
    }
  }
  return first;
}
