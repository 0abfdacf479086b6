import { readdirSync, readFileSync } from 'node:fs';

/**
 * Memory (bytes) of every process below `pid` (a browser pool's Chromium), from /proc: each one's
 * proportional set size (Pss: shared pages split among their sharers), so Chromium's forked
 * processes are not counted once per process as their summed RSS would be.
 */
export function descendantsRss(pid: number): number {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the parent pid follows the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const below = new Set<number>([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, ppid] of parent)
      if (!below.has(child) && below.has(ppid)) {
        below.add(child);
        grew = true;
      }
  }
  below.delete(pid);
  let bytes = 0;
  for (const p of below) {
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'));
      if (m) bytes += Number(m[1]) * 1024;
    } catch {
      /* gone meanwhile */
    }
  }
  return bytes;
}

/**
 * Samples the peak of `read()` every second until stopped (smaps_rollup walks each process's page
 * tables under its memory lock: sampled often, it slows the browser it measures).
 */
export function peakSampler(read: () => number): { stop(): number } {
  let peak = read();
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
