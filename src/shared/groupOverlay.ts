import type { DatePresetName } from './config.gen.js';

/**
 * What a group's admin may change of the global config for their own group only
 * (docs/config-storage.md): titles and labels, hidden tabs and filters, filter defaults and the
 * date presets, and extra screens built from the product's screens. Nothing here can name a
 * dataset, endpoint, permission or tenant key: the checker (checkGroupOverlay.ts) refuses every
 * other property.
 */
export interface GroupOverlay {
  /** By area id. */
  areas?: Record<string, { label?: string }>;
  /** By 'area/screen'. */
  screens?: Record<string, ScreenOverlay>;
  /** New tabs for this group only, by their 'area/screen' (a name the product does not use). */
  extraScreens?: Record<string, ExtraScreen>;
}

/**
 * A tab of the group's own, composed from a product screen of the same area (its dataset, filters,
 * dates and activity) and the widgets chosen, in that order: widgets of `from`, and data widgets
 * of other product screens (any area) named with their own `from`. Every widget's data comes from
 * its own screen's endpoints, opened with that screen's activity: whoever may not open `from` does
 * not see the tab, and a widget whose screen the caller may not open is not served.
 */
export interface ExtraScreen {
  title: string;
  /** The product screen it is built from, 'area/screen', in the same area. */
  from: string;
  /** Shown one per row in this order: a widget id of `from`, or a widget of another screen. */
  widgets: ExtraWidget[];
}

/** A widget id of the extra screen's `from`, or `{ from: 'area/screen', widget }` of another screen. */
export type ExtraWidget = string | { from: string; widget: string };

/** The screen an extra screen's widget comes from, and its id there. */
export function extraWidgetSource(extra: Pick<ExtraScreen, 'from'>, entry: ExtraWidget) {
  return typeof entry === 'string' ? { from: extra.from, widget: entry } : entry;
}

export interface ScreenOverlay {
  /** The tab and page title. */
  title?: string;
  /** Left out of the area's tabs for this group (not a permission: roles decide who may open it). */
  hidden?: boolean;
  dates?: { default?: DatePresetName; presets?: DatePresetName[] };
  /** By filter field. */
  filters?: Record<string, FilterOverlay>;
  /** By widget id. */
  widgets?: Record<string, WidgetOverlay>;
}

export interface FilterOverlay {
  label?: string;
  /** Not shown in the filter bar; the data routes still accept it (a drill may pass it). */
  hidden?: boolean;
  /** Default value of a single-select or radio filter (one of its options when it lists them). */
  default?: string | number | boolean;
}

export interface WidgetOverlay {
  title?: string;
  /** Grid column headers, by column field. */
  columns?: Record<string, { header?: string }>;
  /** KPI tile labels, by tile measure. */
  tiles?: Record<string, { label?: string }>;
}

/** What the overlay page lists of one screen: the names an overlay may use, with today's labels. */
export interface OverlayScreen {
  /** 'area/screen' */
  key: string;
  title: string;
  filters: {
    field: string;
    label: string;
    kind: string;
    options?: { value: string | number | boolean; label: string }[];
  }[];
  dates: { presets: string[]; default: string } | null;
  widgets: {
    id: string;
    kind: string;
    title: string | null;
    columns: { field: string; header: string }[];
    tiles: { measure: string; label: string }[];
  }[];
}

export interface OverlayArea {
  id: string;
  label: string;
  tabs: OverlayScreen[];
}

/** GET config/overlay: the group's overlay, its version, and what it may change. */
export interface OverlayAnswer {
  overlay: GroupOverlay;
  versionId: number | null;
  areas: OverlayArea[];
}

/**
 * POST config/overlay/preview: a draft overlay checked as a save is, never stored. When valid, its
 * author's group is served it under config/overlay/drafts/{draftId}/ (config/areas, config/screen,
 * data and suggestions) for the author only.
 */
export interface OverlayPreviewAnswer {
  valid: boolean;
  /** Each at its JSON pointer into the overlay. */
  problems: { pointer: string; message: string }[];
  draftId: string | null;
}
