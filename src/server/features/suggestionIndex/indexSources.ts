import type { ColumnDimension, DimensionLookup } from '../../../shared/config.gen.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import { filterField } from '../../language/config/checkScreen.js';
import { requireTenantKey, tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';

/** One fact table a suggestion source reads: its key column and the dimension table naming it. */
export interface IndexTarget {
  factTable: string;
  dateColumn: string;
  /** The fact column holding the keys (e.g. brand_id). */
  column: string;
  lookup: DimensionLookup;
}

/**
 * What the suggestion lookups (`suggestion/{source}`) read, per source: every fact table of a
 * screen whose filter has that source and whose dataset gives it a column dimension with an
 * integer key and a dimension table. These are what the elastic trigger can re-index.
 */
export function indexSources(snapshot: ConfigSnapshot): Map<string, IndexTarget[]> {
  const out = new Map<string, IndexTarget[]>();
  for (const screen of snapshot.screens.values()) {
    const dataset = screen.dataset ? snapshot.datasets.get(screen.dataset) : undefined;
    if (!dataset) continue;
    for (const filter of screen.filters ?? []) {
      if (!('source' in filter) || !filter.source) continue;
      const field = filterField(filter);
      const dim = dataset.dimensions.find((d): d is ColumnDimension => d.kind === 'column' && d.id === field);
      if (!dim?.lookup || dim.type !== 'integer') continue;
      const targets = out.get(filter.source) ?? [];
      const target = {
        factTable: dataset.table,
        dateColumn: dataset.dateColumn,
        column: dim.column,
        lookup: dim.lookup,
      };
      // One index per fact table: a screen whose dataset reads it through other columns (a rare
      // case) finds the signature differ and keeps reading the facts.
      if (!targets.some((t) => t.factTable === target.factTable)) targets.push(target);
      out.set(filter.source, targets);
    }
  }
  return out;
}

/**
 * What an index was built from: a lookup only reads an index built from the same columns. The
 * tenant keys (tenantKey.ts) keep their place in the text, so signatures stored before still match.
 */
export function targetSignature(t: IndexTarget): string {
  const l = t.lookup;
  return [
    t.factTable,
    requireTenantKey(t.factTable),
    t.dateColumn,
    t.column,
    l.table,
    l.key,
    l.labelColumn,
    l.searchColumn ?? '',
    tenantKeyOf(l.table) ?? '',
  ].join('|');
}
