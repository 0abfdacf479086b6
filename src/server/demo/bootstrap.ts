import type { Deps } from '../platform/deps.js';
import { seedStore } from './seedStore.js';
import { generateWarehouse } from './warehouse/generateWarehouse.js';
import { setDemoCategoryThresholds } from './categoryThresholds.js';
import { todayIso } from './warehouse/calendar.js';
import { markDemoCompleted, markDemoStarted, readDemoState } from '../platform/warehouse/demoMarker.js';

/** The two demo tenants: the demo login's group and a second one that isolation tests look into. */
export const DEMO_GROUPS = [
  { groupId: 1, name: 'Demo Brands' },
  // Smaller and five weeks deep: isolation tests only need it to exist, and a first start stays short.
  { groupId: 2, name: 'Rival Foods', skus: 120, days: 35 },
] as const;

/**
 * Loads the demo tenant on first start: store rows (groups, roles, users) when the store is empty
 * (one transaction), warehouse facts when the warehouse has none or a generation was cut short
 * (demoMarker.ts). A later start finds both complete and changes nothing; a warehouse that had
 * facts before any demo generation (real data) is never touched.
 */
export async function bootstrapDemo(deps: Deps): Promise<void> {
  if (!deps.env.DEMO_DATA) return;
  await seedStore(deps.store, deps.env, deps.config);
  const state = await readDemoState(deps.warehouse);
  if (state === 'completed') return;
  if (state === 'none' && (await warehouseHasFacts(deps))) return;
  await markDemoStarted(deps.warehouse);
  const started = Date.now();
  await generateWarehouse(deps.warehouse, {
    seed: deps.env.DEMO_SEED,
    groups: [...DEMO_GROUPS],
    skusPerGroup: deps.env.DEMO_SKUS,
    days: deps.env.DEMO_DAYS,
    channels: deps.env.DEMO_CHANNELS,
    endDate: todayIso(),
  });
  await setDemoCategoryThresholds(
    deps.warehouse,
    DEMO_GROUPS.map((g) => g.groupId),
  );
  await markDemoCompleted(deps.warehouse);
  if (deps.env.LOG_LEVEL !== 'silent') {
    console.log(`Demo warehouse built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

async function warehouseHasFacts(deps: Deps): Promise<boolean> {
  const rows = await deps.warehouse.query<{ n: number }>('SELECT COUNT(*) AS n FROM crawl_log');
  return (rows[0]?.n ?? 0) > 0;
}
