import type { ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import type { FilterNode } from '../../../shared/config.gen.js';
import { useEngine } from '../runtime/EngineContext.js';
import { screenActions } from '../state/screenStore.js';
import { filterRegistry } from './filterRegistry.js';

/** The screen's filters in config order, and the message of a refused change. */
export function FilterBar({ filters }: { filters: readonly FilterNode[] }) {
  const { store } = useEngine();
  const snap = useSnapshot(store);
  if (filters.length === 0) return null;
  return (
    <div className="ss-filterbar" role="search" aria-label="Filters">
      {filters.map((f, i) => {
        const Component = Object.hasOwn(filterRegistry, f.kind)
          ? (filterRegistry[f.kind] as ComponentType<{ config: FilterNode }>)
          : null;
        const key = 'field' in f ? f.field : `${f.kind}-${i}`;
        return Component ? (
          <Component key={key} config={f} />
        ) : (
          <div key={key} className="ss-state ss-state--error">
            Unknown widget: {(f as { kind: string }).kind}
          </div>
        );
      })}
      {snap.notice && (
        <div className="ss-notice" role="alert">
          {snap.notice}
          <button
            type="button"
            className="ss-icon-btn"
            aria-label="Dismiss"
            onClick={() => screenActions.notify(store, null)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
