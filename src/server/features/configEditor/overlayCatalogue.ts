import type { OverlayArea, OverlayScreen } from '../../../shared/groupOverlay.js';
import type { ScreenConfig } from '../../../shared/config.gen.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import { filterField } from '../../language/config/checkScreen.js';

/** The global config's areas and tabs with what an overlay may name on each, and today's labels. */
export function overlayCatalogue(snapshot: ConfigSnapshot): OverlayArea[] {
  return [...snapshot.areas.values()]
    .sort((a, b) => (a.order ?? 1000) - (b.order ?? 1000) || a.id.localeCompare(b.id))
    .map((area) => ({
      id: area.id,
      label: area.label,
      tabs: area.tabs
        .map((tab) => snapshot.screens.get(`${area.id}/${tab}`))
        .filter((s): s is ScreenConfig => s !== undefined)
        .map((s) => screenEntry(snapshot, s)),
    }));
}

function screenEntry(snapshot: ConfigSnapshot, screen: ScreenConfig): OverlayScreen {
  const measures = new Map(
    (screen.dataset ? (snapshot.datasets.get(screen.dataset)?.measures ?? []) : []).map((m) => [
      m.id,
      m.label,
    ]),
  );
  return {
    key: `${screen.area}/${screen.id}`,
    title: screen.title,
    dates: screen.dates ? { presets: screen.dates.presets, default: screen.dates.default } : null,
    filters: (screen.filters ?? []).flatMap((f) => {
      const field = filterField(f);
      if (field === null) return [];
      const options =
        'options' in f && f.options ? f.options.map((o) => ({ value: o.value, label: o.label })) : undefined;
      return [{ field, label: f.label ?? field, kind: f.kind, ...(options ? { options } : {}) }];
    }),
    widgets: screen.widgets.map((w) => ({
      id: w.id,
      kind: w.kind,
      title: 'title' in w && typeof w.title === 'string' ? w.title : null,
      columns:
        w.kind === 'grid' ? w.columns.map((c) => ({ field: c.field, header: c.header ?? c.field })) : [],
      tiles:
        w.kind === 'kpiTiles'
          ? w.tiles.map((t) => ({
              measure: t.measure,
              label: t.label ?? measures.get(t.measure) ?? t.measure,
            }))
          : [],
    })),
  };
}
