import type { ColumnDimension } from '../../../shared/config.gen.js';
import type { MeasureDrill } from '../measures/measureKind.js';
import { columnDimension, type DatasetIndex } from '../model/datasetIndex.js';

/** One column a drill row is grouped by: the fact column, its dimension (for labels) and its field. */
export interface DrillKey {
  column: string;
  field: string;
  dimension?: ColumnDimension;
}

export interface DrillUnit {
  keys: DrillKey[];
  /** What one row is, plural ('listings'). */
  rowNoun: string;
  /** What the tile counts, plural ('observations (listing x day)'); equal to rowNoun when the same. */
  factNoun: string;
  /** Fields of a row other than the figures: each key's field and its label column. */
  fields: string[];
}

/**
 * The rows of a drill: the measure's own unit (a distinct count's values, a day share's entity),
 * else the dataset's declared drill rows, else its grain without the date, else its explain
 * dimensions; nothing of these makes one row of every fact.
 */
export function drillUnit(ds: DatasetIndex, plan: MeasureDrill): DrillUnit {
  const cfg = ds.config;
  const byDimensions = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const d = columnDimension(ds, id);
      return d ? [{ column: d.column, field: d.id, dimension: d }] : [];
    });
  const byColumns = (columns: readonly string[]) =>
    columns.map((column): DrillKey => {
      const dims = cfg.dimensions.filter(
        (d): d is ColumnDimension => d.kind === 'column' && d.column === column,
      );
      const d = dims.find((x) => x.lookup) ?? dims[0];
      return d ? { column, field: d.id, dimension: d } : { column, field: column };
    });
  const keys = plan.unit
    ? byColumns(plan.unit)
    : cfg.drill?.rows
      ? byDimensions(cfg.drill.rows)
      : cfg.grain
        ? byColumns(cfg.grain.filter((c) => c !== cfg.dateColumn))
        : byDimensions(cfg.explain?.dimensions ?? []);
  const labels = keys.map((k) => (k.dimension?.label ?? k.column).toLowerCase());
  const own = !plan.unit && cfg.drill?.rowNoun;
  const rowNoun = own || (keys.length ? `rows (${labels.join(' × ')})` : 'rows');
  const factNoun =
    plan.counts === 'distinct'
      ? rowNoun
      : plan.counts === 'days'
        ? `days (${labels.join(' × ')} × day)`
        : (cfg.drill?.factNoun ?? 'fact rows');
  const fields = keys.flatMap((k) => [
    k.field,
    ...(k.dimension?.lookup ? [k.dimension.lookup.labelColumn] : []),
  ]);
  return { keys, rowNoun, factNoun, fields };
}
