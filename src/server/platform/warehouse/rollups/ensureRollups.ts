import type { DatasetConfig } from '../../../../shared/config.gen.js';
import type { Warehouse } from '../warehouse.js';
import type { RollupCatalog, RollupTable } from './rollupCatalog.js';
import { rollupViewDdl, rollupViews, rollupViewTables } from './rollupViews.js';
import {
  createRollupStatements,
  dropRollupStatements,
  ROLLUP_COMMENT_PREFIX,
  rollupTableOf,
  rollupPlan,
  type RollupPlan,
} from './rollupDdl.js';

/** Serialises rollup DDL between app instances starting together on one warehouse. */
const LOCK = `SELECT pg_advisory_xact_lock(hashtext('shelfscope rollups'))`;

/**
 * Brings a PostgreSQL warehouse's rollups in line with the datasets' declarations: creates and
 * fills the missing ones, rebuilds those whose declaration changed, drops those no longer
 * declared, then lists them in the catalog the query compiler reads. A no-op on DuckDB.
 */
export async function ensureRollups(
  wh: Warehouse,
  catalog: RollupCatalog,
  datasets: Iterable<DatasetConfig>,
): Promise<void> {
  if (wh.dialect !== 'postgres') return;
  const existing = await existingRollups(wh);
  const plans = rollupPlans(datasets);
  const wanted = new Set([...plans.values()].flat().map((p) => p.table));
  for (const [table, { fact }] of existing)
    if (!wanted.has(table)) await wh.transaction([LOCK, ...dropRollupStatements(fact, table)].map(sql));
  for (const factPlans of plans.values()) {
    for (const plan of factPlans) {
      const found = existing.get(plan.table);
      if (found?.signature === plan.signature) continue;
      await checkKeysNotNull(wh, plan);
      await wh.transaction(
        [LOCK, ...dropRollupStatements(plan.fact, plan.table), ...createRollupStatements(plan)].map(sql),
      );
    }
  }
  const views = rollupViews([...plans.values()].flat());
  if (views.length) await wh.transaction([LOCK, ...views.map(rollupViewDdl)].map(sql));
  catalog.replace(catalogEntries(plans));
}

/** The datasets' rollup plans per fact table (the first dataset of a table declares them). */
export function rollupPlans(datasets: Iterable<DatasetConfig>): Map<string, RollupPlan[]> {
  const plans = new Map<string, RollupPlan[]>();
  for (const ds of datasets) {
    if (!ds.rollups?.length || plans.has(ds.table)) continue;
    plans.set(
      ds.table,
      ds.rollups.map((r) => rollupPlan(ds, r)),
    );
  }
  return plans;
}

/** What the catalog lists: each fact table's rollups, and each view's views over them. */
export function catalogEntries(plans: ReadonlyMap<string, RollupPlan[]>): Map<string, RollupTable[]> {
  const facts = [...plans].map(([fact, factPlans]) => [fact, factPlans.map(rollupTableOf)] as const);
  return new Map([...facts, ...rollupViewTables(rollupViews([...plans.values()].flat()))]);
}

const sql = (text: string) => ({ sql: text });

/** Rollup tables of this search path, with the fact they roll up (read from their trigger). */
async function existingRollups(wh: Warehouse): Promise<Map<string, { fact: string; signature: string }>> {
  const rows = await wh.query<{ table_name: string; comment: string; fact: string | null }>(
    `SELECT c.relname AS table_name, obj_description(c.oid, 'pg_class') AS comment,
       (SELECT t.tgrelid::regclass::text FROM pg_trigger t WHERE t.tgname = c.relname || '_ins' LIMIT 1) AS fact
     FROM pg_class c
     WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace AND c.relname LIKE 'rollup\\_%'`,
  );
  const found = new Map<string, { fact: string; signature: string }>();
  for (const r of rows)
    if (r.comment?.startsWith(ROLLUP_COMMENT_PREFIX) && r.fact)
      found.set(r.table_name, { fact: r.fact.replaceAll('"', ''), signature: r.comment });
  return found;
}

/**
 * A NULL key would never match in the upserts: only NOT NULL fact columns may be keys, save the
 * plan's nullable ones (matched NULL to NULL).
 */
async function checkKeysNotNull(wh: Warehouse, plan: RollupPlan): Promise<void> {
  const rows = await wh.query<{ column_name: string; is_nullable: string }>(
    `SELECT column_name, is_nullable FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1`,
    [plan.fact],
  );
  const nullable = new Map(rows.map((r) => [r.column_name, r.is_nullable === 'YES']));
  for (const key of plan.keys) {
    if (!nullable.has(key)) throw new Error(`Rollup ${plan.table}: ${plan.fact} has no column "${key}"`);
    if (nullable.get(key) && !plan.nullable.includes(key))
      throw new Error(`Rollup ${plan.table}: key column "${key}" of ${plan.fact} may be NULL`);
  }
}
