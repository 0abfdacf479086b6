import { useState } from 'react';
import type { KeyValueStorage } from '../../shared/filters/index.js';
import { useEngine } from './EngineContext.js';
import { deleteView, listViews, saveView } from './savedViews.js';
import { screenActions } from './state/screenStore.js';

/** Save the current filters under a name, reopen or delete saved views of this screen. */
export function SavedViews({ storage }: { storage: KeyValueStorage | null }) {
  const { store } = useEngine();
  const { area, screen } = store;
  const [views, setViews] = useState(() => (storage ? listViews(storage, area, screen) : []));
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState('');
  if (!storage) return null;
  const view = views.find((v) => v.name === chosen);
  return (
    <div className="ss-views">
      <select
        className="ss-input"
        aria-label="Saved views"
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
      >
        <option value="">Saved views…</option>
        {views.map((v) => (
          <option key={v.name} value={v.name}>
            {v.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="ss-btn ss-btn--ghost"
        disabled={!view}
        onClick={() => view && screenActions.replace(store, view.filters)}
      >
        Open
      </button>
      <button
        type="button"
        className="ss-btn ss-btn--ghost"
        disabled={!view}
        onClick={() => {
          setViews(deleteView(storage, area, screen, chosen));
          setChosen('');
        }}
      >
        Delete
      </button>
      <form
        className="ss-views__save"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          setViews(saveView(storage, area, screen, name, store.filters));
          setChosen(name.trim());
          setName('');
        }}
      >
        <input
          className="ss-input"
          aria-label="View name"
          placeholder="Name this view"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="ss-btn" disabled={!name.trim()}>
          Save view
        </button>
      </form>
    </div>
  );
}
