import { useSnapshot } from 'valtio';
import type { FilterNode } from '../../shared/config.gen.js';
import { canClearAll, todayIso, type FilterState } from '../../shared/filters/index.js';
import { appliedTags } from './filters/appliedTags.js';
import { useMissingNames } from './filters/useMissingNames.js';
import { useEngine } from './runtime/EngineContext.js';
import { screenActions } from './state/screenStore.js';

/** One tag per chosen value, with a remove icon; 'Clear all filters' when something is applied. */
export function SelectedTags({ filters: configs }: { filters: readonly FilterNode[] }) {
  const { store } = useEngine();
  const snap = useSnapshot(store);
  const filters = snap.filters as FilterState;
  const kept = new Set(filters.alwaysSelected_filters ?? []);
  const tags = appliedTags(filters, configs);
  // Ids that came without names (a shared link) are named once the server says them.
  useMissingNames(tags, configs);
  const enabled = canClearAll(filters);
  return (
    <div className="ss-tags" aria-label="Selected filters">
      {tags.map((t) => (
        <span key={`${t.field}:${t.key}`} className="ss-tag">
          <span className="ss-tag__field">{t.label}:</span> {t.name}
          {!kept.has(t.field) && (
            <button
              type="button"
              className="ss-tag__remove"
              aria-label={`Remove ${t.label} ${t.name}`}
              onClick={() => screenActions.removeTag(store, t.field, t.key)}
            >
              ×
            </button>
          )}
        </span>
      ))}
      <button
        type="button"
        className="ss-link-btn"
        disabled={!enabled}
        onClick={() => screenActions.clearAll(store, todayIso())}
      >
        Clear all filters
      </button>
    </div>
  );
}
