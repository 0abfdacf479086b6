import type { ApiClient } from './apiClient.js';

/** Statuses of a run still under way: 1 In Progress, 5 Waiting. */
const UNDER_WAY = new Set([1, 5]);

/**
 * Polls the process monitor every 100 ms until crawl run `id` ends, and answers it; `onRun`
 * sees each reading on the way (a test that watches In Progress go by). Up to `tries` readings.
 */
export async function finishedRun<R extends { id: number; status: number }>(
  client: ApiClient,
  id: number,
  { tries = 1200, onRun }: { tries?: number; onRun?: (run: R) => void } = {},
): Promise<R> {
  for (let i = 0; i < tries; i++) {
    const runs = (await client.get<R[]>('processmonitor/process_status', { limit: 50 })).body.data!;
    const run = runs.find((r) => r.id === id)!;
    onRun?.(run);
    if (!UNDER_WAY.has(run.status)) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`crawl run ${id} did not finish`);
}
