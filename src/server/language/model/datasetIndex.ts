import type {
  ColumnDimension,
  DatasetConfig,
  DimensionNode,
  MappedDimension,
  MeasureNode,
  ScreenQuery,
} from '../../../shared/config.gen.js';
import { compareFields } from '../../../shared/compareFields.js';

/** A dataset's dimensions and measures by id: what the validator and the SQL compiler look up. */
export interface DatasetIndex {
  config: DatasetConfig;
  dimensions: ReadonlyMap<string, DimensionNode>;
  measures: ReadonlyMap<string, MeasureNode>;
}

export function indexDataset(config: DatasetConfig): DatasetIndex {
  return {
    config,
    dimensions: new Map(config.dimensions.map((d) => [d.id, d])),
    measures: new Map(config.measures.map((m) => [m.id, m])),
  };
}

export function columnDimension(index: DatasetIndex, id: string): ColumnDimension | undefined {
  const d = index.dimensions.get(id);
  return d?.kind === 'column' ? d : undefined;
}

/** Mapped dimensions (label category, city zone) that translate into the given column dimension. */
export function mappedInto(index: DatasetIndex, target: string): MappedDimension[] {
  return index.config.dimensions.filter(
    (d): d is MappedDimension => d.kind === 'mapped' && d.into === target,
  );
}

/** Fields a grouped row carries for one dimension: its id, its label column and lookup attributes. */
export function dimensionOutputFields(d: ColumnDimension): string[] {
  return [d.id, ...(d.lookup ? [d.lookup.labelColumn, ...(d.lookup.attributes ?? [])] : [])];
}

/** Every field of a query's rows (what grids show and requests may sort by). */
export function queryOutputFields(index: DatasetIndex, query: ScreenQuery): Set<string> {
  const fields = new Set<string>();
  for (const id of query.groupBy ?? []) {
    const d = columnDimension(index, id);
    if (d) for (const f of dimensionOutputFields(d)) fields.add(f);
  }
  for (const m of query.measures) fields.add(m);
  if (query.compare) for (const f of compareFields(query.compare.measures)) fields.add(f);
  return fields;
}
