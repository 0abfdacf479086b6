import { useContext } from 'react';
import { useSnapshot } from 'valtio';
import { canClearAll, todayIso, type FilterState } from '../../../../shared/filters/index.js';
import type { FilterNode } from '../../../../shared/config.gen.js';
import { emptyHintParts } from './emptyHintParts.js';
import { EngineContext } from '../../runtime/EngineContext.js';
import { showsDatePicker } from '../../state/datePicker.js';
import { screenActions } from '../../state/screenStore.js';
import type { ScreenStore } from '../../state/screenStore.js';

export const NO_DATA = 'No Data Available';

/**
 * 'No Data Available', and what emptied it: the filters and the period in force, with the way out
 * ('Clear all filters'). Outside a screen (a story of the bare frame) only the spec's words show.
 */
export function EmptyState() {
  const engine = useContext(EngineContext);
  return (
    <div className="ss-state ss-state--empty">
      <div>{NO_DATA}</div>
      {engine && (
        <EmptyHint
          store={engine.store}
          filters={engine.screen.filters ?? []}
          dated={showsDatePicker(engine.screen)}
        />
      )}
    </div>
  );
}

function EmptyHint({
  store,
  filters: configs,
  dated,
}: {
  store: ScreenStore;
  filters: readonly FilterNode[];
  /** The screen has a date picker: only then is its period one of the things that emptied it. */
  dated: boolean;
}) {
  const snap = useSnapshot(store);
  const filters = snap.filters as FilterState;
  const parts = emptyHintParts(filters, configs, dated);
  if (!parts.length) return null;
  return (
    <p className="ss-state__hint" data-testid="empty-hint">
      Nothing matches {parts.join(' · ')}.{' '}
      {canClearAll(filters) && (
        <button
          type="button"
          className="ss-link-btn"
          onClick={() => screenActions.clearAll(store, todayIso())}
        >
          Clear all filters
        </button>
      )}
    </p>
  );
}
