import { useEffect, useState } from 'react';
import { errorMessage } from '../api/http.js';
import { useEngine } from './runtime/EngineContext.js';
import type { SavedView } from './runtime/savedViews.js';
import { screenActions } from './state/screenStore.js';

/** Save the current filters under a name, reopen or delete saved views of this screen. */
export function SavedViews() {
  const { store, source } = useEngine();
  const { area, screen } = store;
  const [views, setViews] = useState<SavedView[]>([]);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    source.views.list(area, screen).then(
      (list) => live && setViews(list),
      () => live && setViews([]), // views are a convenience: the screen works without them
    );
    return () => {
      live = false;
    };
  }, [source, area, screen]);

  const run = (work: Promise<SavedView[]>, select: string) => {
    work.then(
      (list) => {
        setViews(list);
        setChosen(select);
        setError(null);
      },
      (err: unknown) => setError(errorMessage(err)),
    );
  };
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
        onClick={() => view && run(source.views.remove(area, screen, view), '')}
      >
        Delete
      </button>
      <form
        className="ss-views__save"
        onSubmit={(e) => {
          e.preventDefault();
          const trimmed = name.trim();
          if (!trimmed) return;
          run(source.views.save(area, screen, trimmed, store.filters), trimmed);
          setName('');
        }}
      >
        <input
          className="ss-input"
          aria-label="View name"
          placeholder="Name this view"
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="ss-btn" disabled={!name.trim()}>
          Save view
        </button>
      </form>
      {error && <span className="ss-field-error">{error}</span>}
    </div>
  );
}
