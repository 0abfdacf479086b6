/**
 * What a demo first start does after generating its warehouse, done once for the large tenant
 * (scripts/demo-large.ts) so a server opening DATA_DIR/bench serves at once:
 * - the demo marker (platform/warehouse/demoMarker.ts): without "completed" the readiness check
 *   waits for a demo generation that never comes, and every API call answers 503;
 * - the demo brands' category thresholds (demo/categoryThresholds.ts);
 * - every lost-sales table of the config (language/measures/lostSalesTable.ts), which the server
 *   would otherwise build over the whole history before it listens.
 */
import { performance } from 'node:perf_hooks';
import { setDemoCategoryThresholds } from '../../src/server/demo/categoryThresholds.js';
import { loadConfigSnapshot } from '../../src/server/language/config/loadConfigRegistry.js';
import { ensureLostSalesTables } from '../../src/server/language/measures/lostSalesTable.js';
import {
  markDemoCompleted,
  markDemoStarted,
  readDemoState,
} from '../../src/server/platform/warehouse/demoMarker.js';
import type { Warehouse } from '../../src/server/platform/warehouse/warehouse.js';

/** The large tenant's one group (demo-large.ts). */
export const LARGE_GROUP = 1;

/**
 * Finishes a built large tenant. demo-large.ts marks "started" before generating: a file whose
 * marker still says so after its build was cut short and is refused (rebuild with --force). With
 * no marker the file is a build of the script before it marked anything, whole once it exited.
 */
export async function finishLargeTenant(
  wh: Warehouse,
  screensDir: string,
  log: (line: string) => void,
  /** True right after this process generated it (its marker says "started"). */
  generated = false,
): Promise<void> {
  const state = await readDemoState(wh);
  if (state === 'started' && !generated)
    throw new Error('the large tenant was cut short while building; pass --force');
  const t0 = performance.now();
  await setDemoCategoryThresholds(wh, [LARGE_GROUP]);
  await ensureLostSalesTables(wh, loadConfigSnapshot(screensDir).datasets.values());
  log(`lost-sales tables ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (state === 'completed') return;
  if (state === 'none') await markDemoStarted(wh);
  await markDemoCompleted(wh);
}
