import { watch as watchDir, type FSWatcher } from 'node:fs';
import type { ConfigProblem, ConfigRegistry, ConfigSnapshot } from './configRegistry.js';
import { ConfigInvalidError, formatProblem } from './configProblems.js';
import { buildConfigSnapshot } from './buildConfigSnapshot.js';
import { configSignature } from './readConfigFiles.js';

export interface LoadConfigOptions {
  /** Re-read the files when they change: on the next current() after an edit. */
  watch?: boolean;
  /** Where refused edits are reported; default console.error. */
  log?: (message: string) => void;
  /** Fallback poll interval (ms) for edits fs.watch misses; default 1000. */
  pollMs?: number;
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
    const result = buildConfigSnapshot(dir, snapshot.version + 1);
    problems = result.problems;
    if (result.snapshot) snapshot = result.snapshot;
    else
      log(
        `Config edit refused; the last good config keeps serving:\n${result.problems.map(formatProblem).join('\n')}`,
      );
  };

  return {
    current() {
      if (!options.watch) return snapshot;
      const now = Date.now();
      if (!dirty && now - lastPoll < pollMs) return snapshot;
      lastPoll = now;
      dirty = false;
      const next = configSignature(dir);
      if (next !== signature) {
        signature = next;
        reload();
      }
      return snapshot;
    },
    lastProblems: () => problems,
    async close() {
      watcher?.close();
      await Promise.resolve();
    },
  };
}
