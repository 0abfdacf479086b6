import type { KpiTilesWidget, LayoutNode, ScreenConfig, ScreenQuery } from '../../../shared/config.gen.js';
import { pointer } from './configProblems.js';
import { columnDimension, queryOutputFields, type DatasetIndex } from '../model/datasetIndex.js';
import { suggestName } from '../model/suggestName.js';
import { measureHasUnit } from '../measures/measureUnit.js';
import { ENTITY_CATALOGUE } from '../entities/entityCatalogue.js';
import { isReadableEntity, READ_ONLY_ENTITIES } from '../entities/entityReads.js';

const READABLE = [...Object.keys(ENTITY_CATALOGUE), ...Object.keys(READ_ONLY_ENTITIES)];

type Add = (p: string, message: string) => void;

/** Widgets refer to existing queries and fields; the layout places every widget exactly once. */
export function checkScreenWidgets(screen: ScreenConfig, ds: DatasetIndex | undefined, add: Add): void {
  const queries = new Map((screen.queries ?? []).map((q) => [q.id, q]));
  const widgetIds = new Set<string>();
  screen.widgets.forEach((w, i) => {
    if (widgetIds.has(w.id)) add(pointer('widgets', i, 'id'), `duplicate widget id "${w.id}"`);
    widgetIds.add(w.id);
    if (w.kind === 'grid' && !checkGridSource(w.query, w.rows, i, add)) return;
    if (w.kind === 'kpiTiles' && !checkTilesSource(w, i, add)) return;
    if (!('query' in w) || w.query === undefined) return;
    const q = queries.get(w.query);
    if (!q) {
      add(
        pointer('widgets', i, 'query'),
        `unknown query "${w.query}"${suggestName(w.query, queries.keys())}`,
      );
      return;
    }
    const fields = ds ? queryOutputFields(ds, q) : null;
    if (w.kind === 'kpiTiles') {
      w.tiles.forEach((t, j) => {
        if (!q.measures.includes(t.measure))
          add(
            pointer('widgets', i, 'tiles', j, 'measure'),
            `measure "${t.measure}" is not in query "${q.id}"${suggestName(t.measure, q.measures)}`,
          );
        if (ds && q.measures.includes(t.measure) && !t.unit && !measureHasUnit(ds, t.measure))
          add(
            pointer('widgets', i, 'tiles', j),
            `tile "${t.measure}" does not say what it counts: give measure "${t.measure}" or the tile a "unit" (listings, observations, products...)`,
          );
        if (t.change && !q.compare?.measures.includes(t.measure))
          add(
            pointer('widgets', i, 'tiles', j, 'change'),
            `query "${q.id}" does not compare measure "${t.measure}"`,
          );
      });
    }
    if (w.kind === 'grid') {
      w.columns.forEach((c, j) => {
        // A change column's field is checked as a measure below.
        const refs: [string, string | undefined][] = c.kind === 'change' ? [] : [['field', c.field]];
        if (c.kind === 'link') refs.push(['hrefField', c.hrefField]);
        if (c.kind === 'image') refs.push(['altField', c.altField]);
        // The preview's page address names row fields in braces: each must be a field of the query.
        if (c.kind === 'image')
          for (const m of (c.pageUrl ?? '').matchAll(/\{(\w+)\}/g)) refs.push(['pageUrl', m[1]]);
        for (const [key, value] of refs) {
          if (value !== undefined && fields && !fields.has(value))
            add(
              pointer('widgets', i, 'columns', j, key),
              `unknown field "${value}" of query "${q.id}"${suggestName(value, fields)}`,
            );
        }
      });
      w.columns.forEach((c, j) => {
        // A change column compares a measure over two periods: a dimension has no change.
        if (c.kind === 'change' && !q.measures.includes(c.field))
          add(
            pointer('widgets', i, 'columns', j, 'field'),
            `change column: "${c.field}" is not a measure of query "${q.id}"${suggestName(c.field, q.measures)}`,
          );
      });
      (w.rowKey ?? []).forEach((k, j) => {
        if (fields && !fields.has(k))
          add(
            pointer('widgets', i, 'rowKey', j),
            `unknown field "${k}" of query "${q.id}"${suggestName(k, fields)}`,
          );
      });
      if (w.exportable && !q.export)
        add(pointer('widgets', i, 'exportable'), `query "${q.id}" does not set "export"`);
    }
    if (
      w.kind === 'chart' &&
      w.previousPeriod &&
      ds &&
      !(q.groupBy ?? []).some((k) => columnDimension(ds, k)?.type === 'date')
    )
      add(
        pointer('widgets', i, 'previousPeriod'),
        `query "${q.id}" does not group by a date: there is no line to overlay the previous period on`,
      );
    if (w.kind === 'kpiTiles' && isPagedOrGrouped(q))
      add(pointer('widgets', i, 'query'), `query "${q.id}" must have no groupBy and no paging for KPI tiles`);
  });
  const placed = new Map<string, number>();
  const walk = (nodes: LayoutNode[], path: (string | number)[]) =>
    nodes.forEach((n, i) => {
      if (n.kind === 'section') return walk(n.children, [...path, i, 'children']);
      n.widgets.forEach((id, j) => {
        if (!widgetIds.has(id))
          add(pointer(...path, i, 'widgets', j), `unknown widget "${id}"${suggestName(id, widgetIds)}`);
        else if (placed.has(id)) add(pointer(...path, i, 'widgets', j), `widget "${id}" is placed twice`);
        placed.set(id, 1);
      });
      if (n.widths && n.widths.length !== n.widgets.length)
        add(pointer(...path, i, 'widths'), 'needs one width per widget');
    });
  walk(screen.layout, ['layout']);
  screen.widgets.forEach((w, i) => {
    if (!placed.has(w.id)) add(pointer('widgets', i, 'id'), `widget "${w.id}" is not in the layout`);
  });
}

export function isPagedOrGrouped(q: ScreenQuery): boolean {
  return Boolean(q.paged) || (q.groupBy ?? []).length > 0;
}

/**
 * KPI tiles read a query or a store endpoint's one row, exactly one. A store row has no measure
 * definitions: each tile names its label, and there is no previous period to compare.
 * Returns whether the query checks should go on.
 */
function checkTilesSource(w: KpiTilesWidget, i: number, add: Add): boolean {
  if ((w.query === undefined) === (w.rows === undefined)) {
    add(pointer('widgets', i), 'KPI tiles need exactly one of "query" and "rows"');
    return false;
  }
  if (!w.rows) return true;
  w.tiles.forEach((t, j) => {
    if (t.label === undefined)
      add(pointer('widgets', i, 'tiles', j), `tile "${t.measure}" of a store row needs a "label"`);
    if (t.unit === undefined && t.format !== 'percent' && t.format !== 'currency')
      add(pointer('widgets', i, 'tiles', j), `tile "${t.measure}" of a store row needs a "unit"`);
    if (t.change)
      add(pointer('widgets', i, 'tiles', j, 'change'), 'a store row has no previous period to compare');
  });
  return false;
}

/**
 * A grid reads a query or an entity's rows, exactly one; the entity must be one grids can read
 * (a writable one of the catalogue, or a read-only one such as the audit trail). The rows route
 * serves only an entity a grid of the screen names, so config names every store read.
 * Returns whether the query checks should go on.
 */
function checkGridSource(
  query: string | undefined,
  rows: { entity?: string; endpoint?: string } | undefined,
  i: number,
  add: Add,
): boolean {
  if ((query === undefined) === (rows === undefined)) {
    add(pointer('widgets', i), 'a grid needs exactly one of "query" and "rows"');
    return false;
  }
  if (!rows) return true;
  if ((rows.entity === undefined) === (rows.endpoint === undefined)) {
    add(pointer('widgets', i, 'rows'), 'grid rows need exactly one of "entity" and "endpoint"');
    return false;
  }
  if (rows.entity === undefined) return false;
  if (!isReadableEntity(rows.entity))
    add(
      pointer('widgets', i, 'rows', 'entity'),
      `unknown entity "${rows.entity}"${suggestName(rows.entity, READABLE)}`,
    );
  return false;
}
