import { useContext } from 'react';
import { useSnapshot } from 'valtio';
import { canClearAll, todayIso, type FilterState } from '../../../../shared/filters/index.js';
import { appliedTags } from '../../appliedTags.js';
import { EngineContext } from '../../EngineContext.js';
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
      {engine && <EmptyHint store={engine.store} filters={engine.screen.filters ?? []} />}
    </div>
  );
}

function EmptyHint({
  store,
  filters: configs,
}: {
  store: ScreenStore;
  filters: NonNullable<Parameters<typeof appliedTags>[1]>;
}) {
  const snap = useSnapshot(store);
  const filters = snap.filters as FilterState;
  const tags = appliedTags(filters, configs);
  const byLabel = new Map<string, string[]>();
  for (const t of tags) byLabel.set(t.label, [...(byLabel.get(t.label) ?? []), t.name]);
  const parts = [...byLabel].map(([label, names]) => `${label}: ${names.join(', ')}`);
  const period = filters.datepicker_title;
  if (period) parts.push(`Date: ${period}`);
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
