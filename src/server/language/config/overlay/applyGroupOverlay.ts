import type { AreaConfig, FilterNode, ScreenConfig, WidgetNode } from '../../../../shared/config.gen.js';
import { composeExtraScreen } from './composeExtraScreen.js';
import type { ConfigSnapshot } from '../configRegistry.js';
import { filterField } from '../checkScreen.js';
import type {
  FilterOverlay,
  GroupOverlay,
  ScreenOverlay,
  WidgetOverlay,
} from '../../../../shared/groupOverlay.js';

/**
 * The config as one group is served it: the global snapshot with the group's overlay applied to
 * copies of the areas and screens it names (the global objects are never changed). Datasets and
 * endpoints are the global ones.
 */
export function applyGroupOverlay(snapshot: ConfigSnapshot, overlay: GroupOverlay): ConfigSnapshot {
  const areas = new Map(snapshot.areas);
  const screens = new Map(snapshot.screens);
  for (const [id, change] of Object.entries(overlay.areas ?? {})) {
    const area = areas.get(id);
    if (area && change.label !== undefined) areas.set(id, { ...area, label: change.label });
  }
  for (const [key, extra] of Object.entries(overlay.extraScreens ?? {})) {
    const [areaId, id] = key.split('/');
    const area = areaId ? areas.get(areaId) : undefined;
    const screen = id ? composeExtraScreen(snapshot, id, extra) : null;
    if (!screen || !area || !id || screens.has(key)) continue;
    screens.set(key, screen);
    areas.set(area.id, { ...area, tabs: [...area.tabs, id] });
  }
  for (const [key, change] of Object.entries(overlay.screens ?? {})) {
    const screen = screens.get(key);
    if (!screen) continue;
    screens.set(key, applyToScreen(screen, change));
    if (change.hidden) {
      const area = areas.get(screen.area);
      if (area) areas.set(area.id, hideTab(area, screen.id));
    }
  }
  return { ...snapshot, areas, screens };
}

function hideTab(area: AreaConfig, tab: string): AreaConfig {
  return { ...area, tabs: area.tabs.filter((t) => t !== tab) };
}

function applyToScreen(screen: ScreenConfig, change: ScreenOverlay): ScreenConfig {
  const next: ScreenConfig = { ...screen };
  if (change.title !== undefined) next.title = change.title;
  if (change.dates && screen.dates) next.dates = { ...screen.dates, ...change.dates };
  if (change.filters && screen.filters) {
    const filters = change.filters;
    next.filters = screen.filters
      .filter((f) => !filters[filterField(f) ?? '']?.hidden)
      .map((f) => applyToFilter(f, filters[filterField(f) ?? '']));
  }
  if (change.widgets) {
    const widgets = change.widgets;
    next.widgets = screen.widgets.map((w) => (widgets[w.id] ? applyToWidget(w, widgets[w.id]!) : w));
  }
  return next;
}

function applyToFilter(filter: FilterNode, change: FilterOverlay | undefined): FilterNode {
  if (!change) return filter;
  const next = { ...filter } as FilterNode & { default?: unknown };
  if (change.label !== undefined) next.label = change.label;
  if (change.default !== undefined) next.default = change.default;
  return next;
}

function applyToWidget(widget: WidgetNode, change: WidgetOverlay): WidgetNode {
  const next: WidgetNode & { title?: string } = { ...widget };
  if (change.title !== undefined) next.title = change.title;
  if (next.kind === 'grid' && change.columns) {
    const columns = change.columns;
    next.columns = next.columns.map((c) =>
      columns[c.field]?.header !== undefined ? { ...c, header: columns[c.field]!.header! } : c,
    );
  }
  if (next.kind === 'kpiTiles' && change.tiles) {
    const tiles = change.tiles;
    next.tiles = next.tiles.map((t) =>
      tiles[t.measure]?.label !== undefined ? { ...t, label: tiles[t.measure]!.label } : t,
    );
  }
  return next;
}
