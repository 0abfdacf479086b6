import { WAREHOUSE_VIEWS } from '../schema/views.js';
import { rollupColumns, type RollupPlan } from './rollupDdl.js';
import type { RollupTable } from './rollupCatalog.js';

/** A view over one rollup standing for a view over its fact table (WarehouseView.overRollups). */
export interface RollupView {
  name: string;
  /** The view it stands for: the table of the datasets that read it. */
  of: string;
  columns: readonly string[];
  select: string;
}

/** `<view>_<rollup id>` for every view with overRollups and every rollup of its fact table. */
export function rollupViews(plans: readonly RollupPlan[]): RollupView[] {
  return WAREHOUSE_VIEWS.flatMap((view) => {
    const over = view.overRollups;
    if (!over) return [];
    return plans
      .filter((plan) => plan.fact === over.fact)
      .map((plan) => {
        const columns = rollupColumns(plan);
        return {
          name: `${view.name}_${plan.id}`,
          of: view.name,
          columns: [...columns, ...over.added],
          select: over.select(plan.table, columns),
        };
      });
  });
}

/** The catalog's entries of the rollup views, per view they stand for, in the rollups' order. */
export function rollupViewTables(views: readonly RollupView[]): Map<string, RollupTable[]> {
  const byView = new Map<string, RollupTable[]>();
  for (const v of views)
    byView.set(v.of, [...(byView.get(v.of) ?? []), { table: v.name, columns: new Set(v.columns) }]);
  return byView;
}

/** CREATE OR REPLACE: a rollup rebuilt drops its views with it (CASCADE), and these make them again. */
export const rollupViewDdl = (v: RollupView): string =>
  `CREATE OR REPLACE VIEW ${v.name} (${v.columns.join(', ')}) AS ${v.select}`;
