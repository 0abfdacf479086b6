import { useState } from 'react';
import type { ExtraScreen, GroupOverlay, OverlayArea } from '../../shared/groupOverlay.js';

interface Props {
  area: OverlayArea;
  draft: GroupOverlay;
  onChange: (extraScreens: Record<string, ExtraScreen>) => void;
}

/**
 * An area's extra screens for the group (docs/config-storage.md): each built from a tab of the
 * area, showing the widgets chosen from it. The server checks them on Save (a name the product
 * uses, a tab without a dataset ... are refused with the problem shown above).
 */
export function ExtraScreens({ area, draft, onChange }: Props) {
  const all = draft.extraScreens ?? {};
  const mine = Object.entries(all).filter(([key]) => key.startsWith(`${area.id}/`));
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [from, setFrom] = useState(area.tabs[0]?.key ?? '');
  const [widgets, setWidgets] = useState<string[]>([]);
  const source = area.tabs.find((t) => t.key === from);
  const add = () => {
    onChange({ ...all, [`${area.id}/${name.trim()}`]: { title: title.trim(), from, widgets } });
    setName('');
    setTitle('');
    setWidgets([]);
  };
  const remove = (key: string) =>
    onChange(Object.fromEntries(Object.entries(all).filter(([k]) => k !== key)));
  return (
    <div className="ss-overlay__extra" aria-label={`Extra screens of ${area.label}`}>
      {mine.map(([key, extra]) => (
        <p key={key}>
          Extra screen <strong>{extra.title}</strong> ({key}, from {extra.from}: {extra.widgets.join(', ')}){' '}
          <button type="button" className="ss-btn" onClick={() => remove(key)}>
            Remove
          </button>
        </p>
      ))}
      <details>
        <summary>Add a screen built from a tab of {area.label}</summary>
        <label>
          Name (in the address) <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Title <input value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label>
          From{' '}
          <select
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              setWidgets([]);
            }}
          >
            {area.tabs.map((t) => (
              <option key={t.key} value={t.key}>
                {t.title}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>Widgets, in this order</legend>
          {(source?.widgets ?? []).map((w) => (
            <label key={w.id}>
              <input
                type="checkbox"
                checked={widgets.includes(w.id)}
                onChange={(e) =>
                  setWidgets(e.target.checked ? [...widgets, w.id] : widgets.filter((x) => x !== w.id))
                }
              />
              {w.title ?? w.id} ({w.kind})
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="ss-btn"
          disabled={!name.trim() || !title.trim() || widgets.length === 0}
          onClick={add}
        >
          Add screen
        </button>
      </details>
    </div>
  );
}
