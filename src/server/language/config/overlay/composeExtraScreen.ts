import type { ScreenConfig, ScreenQuery, WidgetNode } from '../../../../shared/config.gen.js';
import { extraWidgetSource, type ExtraScreen } from '../../../../shared/groupOverlay.js';
import type { ConfigSnapshot } from '../configRegistry.js';
import { filterField } from '../checkScreen.js';

/**
 * A group's extra screen as served (docs/config-storage.md): the product screen `from` (dataset,
 * filters, dates, queries, permission) under a new name and title, showing the chosen widgets one
 * per row. A widget of another screen comes with its query under a name of its own
 * (`foreignQueryId`), still calling that screen's endpoint (so the data route opens it with that
 * screen's activity), and sent only the filters both screens have. Unknown names are skipped:
 * the checker (checkGroupOverlay.ts) has refused them before anything is stored.
 */
export function composeExtraScreen(
  snapshot: Pick<ConfigSnapshot, 'screens'>,
  id: string,
  extra: ExtraScreen,
): ScreenConfig | null {
  const source = snapshot.screens.get(extra.from);
  if (!source) return null;
  const fields = filterFields(source);
  const widgets: WidgetNode[] = [];
  const queries: ScreenQuery[] = [...(source.queries ?? [])];
  for (const entry of extra.widgets) {
    const { from, widget: widgetId } = extraWidgetSource(extra, entry);
    const screen = snapshot.screens.get(from);
    const widget = screen?.widgets.find((w) => w.id === widgetId);
    if (!screen || !widget) continue;
    if (from === extra.from) {
      widgets.push(widget);
      continue;
    }
    const query = queryOf(screen, widget);
    if (!query) continue;
    const id = foreignQueryId(from, query.id);
    const accepted = new Set(query.filters ?? filterFields(screen));
    if (!queries.some((q) => q.id === id))
      queries.push({ ...query, id, filters: fields.filter((f) => accepted.has(f)) });
    // Two screens may both name a widget "tiles": the later one is told apart by its screen.
    const taken = widgets.some((w) => w.id === widget.id);
    widgets.push({
      ...foreignWidget(widget, id),
      ...(taken ? { id: foreignWidgetId(from, widget.id) } : {}),
    });
  }
  return {
    ...source,
    id,
    title: extra.title,
    widgets,
    queries,
    layout: widgets.map((w) => ({ kind: 'row' as const, widgets: [w.id] })),
  };
}

/** The query a data widget shows (kpiTiles, grid and chart widgets name one). */
export function queryOf(screen: ScreenConfig, widget: WidgetNode): ScreenQuery | undefined {
  const id = 'query' in widget && typeof widget.query === 'string' ? widget.query : undefined;
  return id === undefined ? undefined : screen.queries?.find((q) => q.id === id);
}

/** Begins the composed screen's name of every query of another screen (no product query id does). */
export const FOREIGN_QUERY_PREFIX = 'from__';

/** The composed screen's name for a query of another screen: an identifier, one per source query. */
function foreignQueryId(from: string, queryId: string): string {
  return `${FOREIGN_QUERY_PREFIX}${from.replace(/[^A-Za-z0-9]/g, '_')}_${queryId}`.slice(0, 63);
}

function foreignWidgetId(from: string, widgetId: string): string {
  return `${widgetId}_${from.replace(/[^A-Za-z0-9]/g, '_')}`.slice(0, 63);
}

function filterFields(screen: ScreenConfig): string[] {
  return (screen.filters ?? []).map(filterField).filter((f): f is string => f !== null);
}

// A tile's drill opens a sibling tab of its own area, which the extra screen's area may not have.
function foreignWidget(widget: WidgetNode, queryId: string): WidgetNode {
  if (widget.kind === 'kpiTiles')
    return { ...widget, query: queryId, tiles: widget.tiles.map(({ drill: _drill, ...tile }) => tile) };
  return { ...widget, query: queryId } as WidgetNode;
}
