/** One rollup table a compiled query may read instead of its fact table. */
export interface RollupTable {
  readonly table: string;
  /** Every column it has: keys (tenant, date, declared columns), `__rows`, `__sum_x` and `__n_x`. */
  readonly columns: ReadonlySet<string>;
}

/**
 * The rollups a warehouse keeps, per fact table, in the config's order (declare the narrowest
 * first: a query reads the first one that holds every column it needs). Filled by ensureRollups
 * once the tables and their triggers exist; empty on DuckDB.
 */
export class RollupCatalog {
  private readonly byFact = new Map<string, readonly RollupTable[]>();

  /** Replaces every entry: a fact table left out has no rollups any more. */
  replace(byFact: ReadonlyMap<string, readonly RollupTable[]>): void {
    this.byFact.clear();
    for (const [fact, rollups] of byFact) this.byFact.set(fact, rollups);
  }

  for(factTable: string): readonly RollupTable[] {
    return this.byFact.get(factTable) ?? [];
  }
}
