import { BadRequestError } from '../../../shared/errors.js';
import { combineTotals, type DrillRows } from '../../../shared/insights/drill.js';
import { measureDrill } from '../../language/measures/measureDrill.js';
import type { DatasetIndex } from '../../language/model/datasetIndex.js';
import type { QueryContext } from '../../language/query/dataRequest.js';
import { compileDrillQuery, DRILL_ROWS } from '../../language/query/compileDrillQuery.js';
import type { DrillRequest } from '../../language/query/drillRequest.js';
import { drillUnit } from '../../language/query/drillUnit.js';
import type { MeasureCondition } from '../../../shared/config.gen.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { vocabEntry } from '../../../shared/vocab/index.js';

export interface DrillInput {
  ctx: QueryContext;
  request: DrillRequest;
  groupId: number;
  measure: string;
}

/**
 * The rows behind a tile (or a chart point): the measure's drill plan, derived from its
 * definition, over the screen's filters and dates, one page of rows and the totals of every row.
 */
export async function drillRows(warehouse: Warehouse, input: DrillInput): Promise<DrillRows> {
  const { ctx, request, groupId, measure } = input;
  const ds = ctx.dataset;
  if (!ctx.query.measures.includes(measure))
    throw new BadRequestError(`Query "${ctx.query.id}" has no measure "${measure.slice(0, 80)}"`);
  const plan = measureDrill(ds, measure);
  const label = ds.measures.get(measure)!.label;
  if ('reason' in plan) throw new BadRequestError(`${label} lists no rows: ${plan.reason}`);
  const unit = drillUnit(ds, plan);
  const sortable = new Set([...unit.fields, ...plan.parts.map((p) => p.id)]);
  if (request.sort && !sortable.has(request.sort.field))
    throw new BadRequestError(`Unknown sort field "${request.sort.field.slice(0, 80)}"`);
  const { page, totals } = compileDrillQuery({
    ds,
    query: ctx.query,
    request: request.data,
    groupId,
    dialect: warehouse.dialect,
    plan,
    unit,
    condition: request.condition,
  });
  for (const join of plan.joins ?? []) await join.prepare?.(warehouse);
  const [rows, [sums]] = await Promise.all([
    warehouse.query<Record<string, unknown>>(page.sql, page.params),
    warehouse.query<Record<string, unknown>>(totals.sql, totals.params),
  ]);
  const figures = Object.fromEntries(plan.parts.map((p) => [p.id, numberOrNull(sums?.[p.id])]));
  return {
    measure,
    label,
    combine: plan.combine,
    ...(plan.scale !== undefined ? { scale: plan.scale } : {}),
    rowNoun: unit.rowNoun,
    factNoun: unit.factNoun,
    columns: unit.fields.map((id) => ({ id, label: fieldLabel(ds, id) })),
    parts: plan.parts.map((p) => ({ id: p.id, label: p.label, format: p.format })),
    ...(plan.where?.length
      ? {
          condition: {
            label: plan.where.map((w) => w.label).join(' or '),
            detail: plan.where.map((w) => conditionText(ds, w.condition)).join(' or '),
            applied: request.condition,
          },
        }
      : {}),
    points: request.points.map((pt) => ({
      dimension: pt.dimension,
      label: ds.dimensions.get(pt.dimension)?.label ?? pt.dimension,
      value: pt.values[0]!,
    })),
    period: { start: request.data.startDate, end: request.data.endDate },
    rows,
    total: Number(sums?.[DRILL_ROWS] ?? 0),
    totals: figures,
    value: combineTotals(plan.combine, plan.parts, figures, plan.scale),
  };
}

function numberOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

/** A row field's header: its dimension's label, or a look-up column's owner's label. */
function fieldLabel(ds: DatasetIndex, id: string): string {
  const d = ds.dimensions.get(id);
  if (d) return d.label;
  for (const dim of ds.config.dimensions)
    if (dim.kind === 'column' && dim.lookup?.labelColumn === id) return dim.label;
  return id
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A condition in words: 'Stock status = 0', 'Rating ≥ 4 and …' (column labels where a dimension has them). */
function conditionText(ds: DatasetIndex, c: MeasureCondition): string {
  const dims = ds.config.dimensions.filter((d) => d.kind === 'column' && d.column === c.column);
  // The dimension that reads the column row by row (a last-crawl filter of the same column reads listings).
  const dim = dims.find((d) => d.kind === 'column' && !d.filterAtLastCrawlOf) ?? dims[0];
  const name = dim?.label ?? c.column;
  const vocab = dim?.kind === 'column' ? dim.vocabulary : undefined;
  const word = (v: unknown) => (vocab ? vocabEntry(vocab, v).label : String(v));
  const own =
    c.in !== undefined
      ? `${name} in ${c.in.map(word).join(', ')}`
      : c.atLeast !== undefined
        ? `${name} ≥ ${c.atLeast}`
        : c.atMostLookup !== undefined
          ? `${name} ≤ ${c.atMostLookup.attribute}`
          : `${name} = ${word(c.equals)}`;
  return [own, ...(c.and ?? []).map((x) => conditionText(ds, x))].join(' and ');
}
