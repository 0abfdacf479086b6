import type { Deps } from '../deps.js';
import { seedStore } from './seedStore.js';
import { generateWarehouse } from '../warehouse/demo/generateWarehouse.js';
import { todayIso } from '../warehouse/demo/calendar.js';

/** The two demo tenants: the demo login's group and a second one that isolation tests look into. */
export const DEMO_GROUPS = [
  { groupId: 1, name: 'Demo Brands' },
  { groupId: 2, name: 'Rival Foods', skus: 120 }, // smaller: isolation tests only need it to exist
] as const;

/**
 * Loads the demo tenant on first start: store rows (groups, roles, users) when the store is empty,
 * warehouse facts when the warehouse has none. A later start finds both and changes nothing.
 */
export async function bootstrapDemo(deps: Deps): Promise<void> {
  if (!deps.env.DEMO_DATA) return;
  await seedStore(deps.store, deps.env, deps.config);
  if (await warehouseHasFacts(deps)) return;
  const started = Date.now();
  await generateWarehouse(deps.warehouse, {
    seed: deps.env.DEMO_SEED,
    groups: [...DEMO_GROUPS],
    skusPerGroup: deps.env.DEMO_SKUS,
    days: deps.env.DEMO_DAYS,
    endDate: todayIso(),
  });
  if (deps.env.LOG_LEVEL !== 'silent') {
    console.log(`Demo warehouse built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

async function warehouseHasFacts(deps: Deps): Promise<boolean> {
  const rows = await deps.warehouse.query<{ n: number }>('SELECT COUNT(*) AS n FROM crawl_log');
  return (rows[0]?.n ?? 0) > 0;
}
