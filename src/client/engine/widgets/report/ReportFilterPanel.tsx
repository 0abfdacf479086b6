import type { FilterNode } from '../../../../shared/config.gen.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { FilterBar } from '../../filters/FilterBar.js';
import { MenuHeightContext, REPORT_FILTER_MENU_HEIGHT } from '../../filters/parts/menuHeight.js';
import { screenActions } from '../../state/screenStore.js';

/**
 * Spec §2 "Report filter panel": titled 'Select Filters', 400 px wide, Clear and Apply buttons,
 * a close icon; its menus open up to 220 px. The screen's own filters live here, not in a bar.
 */
export function ReportFilterPanel({
  filters,
  onClose,
}: {
  filters: readonly FilterNode[];
  onClose: () => void;
}) {
  const { store } = useEngine();
  return (
    <aside className="ss-report-filters" role="dialog" aria-label="Select Filters">
      <header className="ss-report-filters__head">
        <h2>Select Filters</h2>
        <button type="button" className="ss-icon-btn" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="ss-report-filters__body">
        <MenuHeightContext.Provider value={REPORT_FILTER_MENU_HEIGHT}>
          <FilterBar filters={filters} />
        </MenuHeightContext.Provider>
      </div>
      <footer className="ss-report-filters__foot">
        <button type="button" className="ss-btn ss-btn--ghost" onClick={() => screenActions.clearAll(store)}>
          Clear
        </button>
        <button type="button" className="ss-btn ss-btn--primary" onClick={onClose}>
          Apply
        </button>
      </footer>
    </aside>
  );
}
