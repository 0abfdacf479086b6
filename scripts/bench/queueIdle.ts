/**
 * Waits until a job queue has nothing waiting or running: a server's start queues work of its own
 * (every group's case evaluation, features/cases/caseJobs.ts) that would otherwise share the
 * machine with the timings.
 */
import { sql, type Kysely } from 'kysely';
import { performance } from 'node:perf_hooks';

export async function untilQueueIdle<DB>(
  db: Kysely<DB>,
  queue: string,
  timeoutMs = 1_800_000,
): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const { rows } = await sql<{ n: string }>`SELECT COUNT(*) AS n FROM pgboss.job
      WHERE name = ${queue} AND state IN ('created', 'retry', 'active')`.execute(db);
    if (Number(rows[0]?.n ?? 0) === 0) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) throw new Error(`${queue} still busy after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
