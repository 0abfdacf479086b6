import type { ScreenConfig, SlideDeckWidget } from '../../../shared/config.gen.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import type { ActiveAuth } from '../../access/auth/guards.js';
import { mayOpenScreen } from '../../access/auth/mayOpenScreen.js';
import { SLIDE_WIDGET_KINDS } from './checkSlideView.js';

/** The screens a deck may draw widgets from: open to the caller, in its sources, with a figure to show. */
export function composableScreens(snapshot: ConfigSnapshot, auth: ActiveAuth, deck: SlideDeckWidget) {
  const out: { screen: string; title: string; area: string; areaLabel: string; widgets: number }[] = [];
  for (const screen of snapshot.screens.values()) {
    if (!mayOpenScreen(auth, screen.permission)) continue;
    if (deck.sources && !deck.sources.includes(screen.area)) continue;
    const widgets = composableWidgets(screen).length;
    if (widgets === 0) continue;
    const areaLabel = snapshot.areas.get(screen.area)?.label ?? screen.area;
    out.push({ screen: screen.permission, title: screen.title, area: screen.area, areaLabel, widgets });
  }
  return out.sort((a, b) => a.areaLabel.localeCompare(b.areaLabel) || a.title.localeCompare(b.title));
}

/** A screen's widgets a slide can show (its datapoints): id, kind and a caption. */
export function composableWidgets(screen: ScreenConfig) {
  return screen.widgets.flatMap((w) =>
    SLIDE_WIDGET_KINDS.has(w.kind) && 'id' in w
      ? [{ id: w.id, kind: w.kind, title: ('title' in w && w.title) || w.id }]
      : [],
  );
}

/** A screen's filters as the composer lists them (the engine's filter bar renders them). */
export function screenFilters(screen: ScreenConfig) {
  return (screen.filters ?? []).map((f) => ({
    kind: f.kind,
    field: 'field' in f ? f.field : undefined,
    label: 'label' in f ? f.label : undefined,
  }));
}
