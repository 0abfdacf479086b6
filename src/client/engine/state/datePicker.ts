import type { ResolvedScreen } from '../../../shared/screenApi.js';
import { DATE_PRESET_IDS, type DatePresetId } from '../../../shared/filters/index.js';
import { readsWarehouse } from './readsWarehouse.js';

type Screen = Pick<ResolvedScreen, 'filters' | 'dates' | 'widgets' | 'dataset'>;

/**
 * Whether the submenu bar offers dates: a screen of warehouse figures over a dataset or with dates
 * of its own. A screen of store grids (crawl runs, client logs) has them only when it declares them.
 */
export function submenuOffersDates(screen: Screen): boolean {
  return readsWarehouse(screen) && (screen.dataset !== undefined || screen.dates !== undefined);
}

/** The submenu's date presets when it offers dates: the screen's own; none when a filter picks dates. */
export function submenuPresets(screen: Screen): readonly DatePresetId[] {
  return (
    screen.dates?.presets ?? (screen.filters?.some((f) => f.kind === 'datePreset') ? [] : DATE_PRESET_IDS)
  );
}

/** Whether the screen shows a date picker at all: in its submenu bar or among its filters. */
export function showsDatePicker(screen: Screen): boolean {
  if ((screen.filters ?? []).some((f) => f.kind === 'datePreset')) return true;
  return submenuOffersDates(screen) && submenuPresets(screen).length > 0;
}
