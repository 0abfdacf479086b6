// Where the tests' scratch folders go. Every test server's data folder (a copy of a first start:
// ~40 MB of PGlite store and a DuckDB file), the fault tests' processes and Chromium's profiles
// live under os.tmpdir(). On this kind of machine /tmp is a virtual disk where copying one such
// folder cost 1.4-2.1 s of CPU against 0.1-0.14 s in RAM (/dev/shm), and a set of 12 API files ran
// 72-78 s instead of 86 s. So a run puts TMPDIR in /dev/shm when that has room, and removes it
// when the run ends. A TMPDIR the user set is kept as it is.
// `node scripts/testTmp.mjs` makes the folder and prints its path (nothing when there is no
// room): .ci/run uses it for the steps it runs after npm test, and removes the folder itself.
import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { freemem } from 'node:os';
import path from 'node:path';

const SHM = '/dev/shm';
/** A 13-month demo template and two e2e servers stay well under this; RAM must hold it too. */
const NEEDED_BYTES = 8 * 2 ** 30;

function shmFree() {
  try {
    const s = statfsSync(SHM);
    return s.bavail * s.bsize;
  } catch {
    return 0;
  }
}

/** A new scratch folder in /dev/shm, or null when TMPDIR is set or there is no room. */
function makeRamTmp(env) {
  if (env.TMPDIR || shmFree() < NEEDED_BYTES || freemem() < NEEDED_BYTES) return null;
  const dir = mkdtempSync(path.join(SHM, 'shelfscope-test-'));
  // Open to every user, as /tmp is: the fault suite runs PostgreSQL's initdb as user postgres there.
  chmodSync(dir, 0o1777);
  return dir;
}

/**
 * Sets process.env.TMPDIR (inherited by every step) to a new folder in /dev/shm when there is room
 * and no TMPDIR was set, removed when this process ends.
 */
export function useRamTmp(env = process.env) {
  const dir = makeRamTmp(env);
  if (!dir) return;
  env.TMPDIR = dir;
  console.log(`--- scratch folders in ${dir} (RAM; removed when the run ends)`);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(makeRamTmp(process.env) ?? '');
