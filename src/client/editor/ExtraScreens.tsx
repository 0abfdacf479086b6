import { useState } from 'react';
import type { ExtraScreen, ExtraWidget, GroupOverlay, OverlayArea } from '../../shared/groupOverlay.js';

interface Props {
  area: OverlayArea;
  /** Every area, for widgets of other screens. */
  areas: OverlayArea[];
  draft: GroupOverlay;
  onChange: (extraScreens: Record<string, ExtraScreen>) => void;
}

/** KPI tiles, grids and charts show a query: the widgets another screen may lend. */
const DATA_WIDGETS = new Set(['kpiTiles', 'grid', 'chart']);

const widgetName = (extra: ExtraScreen, w: ExtraWidget) =>
  typeof w === 'string' ? w : w.from === extra.from ? w.widget : `${w.widget} of ${w.from}`;

/**
 * An area's extra screens for the group (docs/config-storage.md): each built from a tab of the
 * area, showing the widgets chosen from it and data widgets of other tabs (any area). The server
 * checks them (a name the product uses, a tab without a dataset ... are refused with the problem
 * shown above; the preview lists them as you go).
 */
export function ExtraScreens({ area, areas, draft, onChange }: Props) {
  const all = draft.extraScreens ?? {};
  const mine = Object.entries(all).filter(([key]) => key.startsWith(`${area.id}/`));
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [from, setFrom] = useState(area.tabs[0]?.key ?? '');
  const [widgets, setWidgets] = useState<ExtraWidget[]>([]);
  const source = area.tabs.find((t) => t.key === from);
  const others = areas.flatMap((a) => a.tabs).filter((t) => t.key !== from);
  const [other, setOther] = useState(others[0]?.key ?? '');
  const lender = others.find((t) => t.key === other);
  const has = (w: ExtraWidget) => widgets.some((x) => JSON.stringify(x) === JSON.stringify(w));
  const toggle = (w: ExtraWidget, on: boolean) =>
    setWidgets(on ? [...widgets, w] : widgets.filter((x) => JSON.stringify(x) !== JSON.stringify(w)));
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
          Extra screen <strong>{extra.title}</strong> ({key}, from {extra.from}:{' '}
          {extra.widgets.map((w) => widgetName(extra, w)).join(', ')}){' '}
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
              <input type="checkbox" checked={has(w.id)} onChange={(e) => toggle(w.id, e.target.checked)} />
              {w.title ?? w.id} ({w.kind})
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Widgets of another screen</legend>
          <label>
            Screen{' '}
            <select value={other} onChange={(e) => setOther(e.target.value)}>
              {others.map((t) => (
                <option key={t.key} value={t.key}>
                  {t.key} ({t.title})
                </option>
              ))}
            </select>
          </label>
          {(lender?.widgets ?? [])
            .filter((w) => DATA_WIDGETS.has(w.kind))
            .map((w) => {
              const entry = { from: other, widget: w.id };
              return (
                <label key={`${other} ${w.id}`}>
                  <input
                    type="checkbox"
                    checked={has(entry)}
                    onChange={(e) => toggle(entry, e.target.checked)}
                  />
                  {w.title ?? w.id} ({w.kind})
                </label>
              );
            })}
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
