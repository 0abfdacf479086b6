// Where the tests' scratch folders go. Every test server's data folder (a copy of a first start:
// ~40 MB of PGlite store and a DuckDB file), the fault tests' processes and Chromium's profiles
// live under os.tmpdir(). On this kind of machine /tmp is a virtual disk where copying one such
// folder cost 1.4-2.1 s of CPU against 0.1-0.14 s in RAM (/dev/shm), and a set of 12 API files ran
// 72-78 s instead of 86 s. So a run puts TMPDIR in /dev/shm when that has room, and removes it
// when the run ends. A TMPDIR the user set is kept as it is.
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

/**
 * Sets process.env.TMPDIR (inherited by every step) to a new folder in /dev/shm when there is room
 * and no TMPDIR was set; returns a function that removes it (a no-op otherwise).
 */
export function useRamTmp(env = process.env) {
  if (env.TMPDIR || shmFree() < NEEDED_BYTES || freemem() < NEEDED_BYTES) return () => {};
  const dir = mkdtempSync(path.join(SHM, 'shelfscope-test-'));
  // Open to every user, as /tmp is: the fault suite runs PostgreSQL's initdb as user postgres there.
  chmodSync(dir, 0o1777);
  env.TMPDIR = dir;
  console.log(`--- scratch folders in ${dir} (RAM; removed when the run ends)`);
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', remove);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      remove();
      process.exit(130);
    });
  }
  return remove;
}
