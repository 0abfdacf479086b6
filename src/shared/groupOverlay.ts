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
 * A tab of the group's own, composed from a product screen of the same area: its dataset, queries
 * and filters, and the widgets chosen, in that order. Its data comes from the product's own
 * endpoints, opened with that screen's activity: whoever may not open `from` does not see it.
 */
export interface ExtraScreen {
  title: string;
  /** The product screen it is built from, 'area/screen', in the same area. */
  from: string;
  /** Widget ids of `from`, shown one per row in this order. */
  widgets: string[];
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
