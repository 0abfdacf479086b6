import type { GenerateOptions } from './generateWarehouse.js';

/** Group 1 is the demo login's tenant; group 2 a smaller rival tenant for isolation tests. */
export const DEMO_GROUPS = [
  { groupId: 1, name: 'Demo Brands', skus: 500 },
  { groupId: 2, name: 'Rival Foods', skus: 120 },
] as const;

/** What `npm start` loads on an empty DATA_DIR: 35 days ending today. */
export function demoWarehouseOptions(seed: number, endDate?: string): GenerateOptions {
  return {
    seed,
    groups: DEMO_GROUPS,
    skusPerGroup: 500,
    channels: 5,
    cities: 12,
    days: 35,
    ...(endDate ? { endDate } : {}),
  };
}
