import { queryOutputFields } from '../../language/model/datasetIndex.js';
import type { QueryContext } from '../../language/query/dataRequest.js';
import type { ExportColumn } from './xlsxExport.js';

/**
 * Columns of an export: the grid showing this query (its order and headers, images and links
 * as their URLs), else every field of the query, headed by the dataset's labels.
 */
export function exportColumns(ctx: QueryContext): ExportColumn[] {
  const labels = fieldLabels(ctx);
  const grid = ctx.screen.widgets.find((w) => w.kind === 'grid' && w.query === ctx.query.id);
  if (grid?.kind === 'grid')
    // A change column's previous values come only with a page's rows: the export leaves it out.
    return grid.columns
      .filter((c) => c.kind !== 'change')
      .map((c) => ({
        field: c.field,
        header: c.header ?? labels.get(c.field) ?? c.field,
        format: c.kind,
      }));
  return [...queryOutputFields(ctx.dataset, ctx.query)].map((f) => ({
    field: f,
    header: labels.get(f) ?? f,
  }));
}

function fieldLabels(ctx: QueryContext): Map<string, string> {
  const labels = new Map<string, string>();
  for (const d of ctx.dataset.config.dimensions) {
    labels.set(d.id, d.label);
    if (d.kind === 'column' && d.lookup) labels.set(d.lookup.labelColumn, d.label);
  }
  for (const m of ctx.dataset.config.measures) labels.set(m.id, m.label);
  return labels;
}
