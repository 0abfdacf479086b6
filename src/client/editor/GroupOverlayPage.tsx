import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../api/http.js';
import { notify } from '../services/toast.js';
import type { GroupOverlay, OverlayAnswer, OverlayScreen } from '../../shared/groupOverlay.js';
import { overlayApi } from './editorApi.js';
import { HistoryPanel } from './HistoryPanel.js';
import { ExtraScreens } from './ExtraScreens.js';
import { OverlayPreview } from './OverlayPreview.js';
import { overlayValue, setOverlayValue } from './overlayDraft.js';
import './configEditor.css';

type Edit = (path: string[], value: unknown) => void;

type SidePanel = 'preview' | 'history';
/** The side panel's choices: the draft's live preview, or the saved versions. */
const SIDE_PANELS: readonly (readonly [SidePanel, string])[] = [
  ['preview', 'Preview'],
  ['history', 'History'],
];

/**
 * /workspace/config/overlay: a group's admin renames areas, tabs, filters, tiles and columns,
 * hides tabs and filters, picks filter defaults and the default date preset, and adds screens
 * built from a tab's widgets (ExtraScreens.tsx) for their own group only (docs/config-storage.md),
 * seeing the draft's effect before Save (OverlayPreview.tsx); saved and versioned by the server,
 * with a History panel.
 */
function GroupOverlayPage() {
  const [page, setPage] = useState<OverlayAnswer | null>(null);
  const [draft, setDraft] = useState<GroupOverlay>({});
  const [open, setOpen] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [revision, setRevision] = useState(0);
  const [side, setSide] = useState<SidePanel>('preview');
  const history = useMemo(() => overlayApi.history(), []);

  useEffect(() => {
    overlayApi.read().then(
      (answer) => {
        setPage(answer);
        setDraft(answer.overlay);
      },
      (err: unknown) => notify.error(errorMessage(err)),
    );
  }, [revision]);

  // The screen of the last edit, which the preview shows.
  const [focus, setFocus] = useState<string | null>(null);
  const edit: Edit = (path, value) => {
    if (path[0] === 'screens' && path[1]) setFocus(path[1]);
    setDraft((d) => setOverlayValue(d, path, value));
  };
  const dirty = page !== null && JSON.stringify(draft) !== JSON.stringify(page.overlay);

  const save = async () => {
    setSaving(true);
    try {
      await overlayApi.save(draft);
      setRefused(null);
      notify.success('Saved; your group is served these labels now.');
      setRevision((r) => r + 1);
    } catch (err) {
      setRefused(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  if (!page) return <p className="ss-editor__hint">Loading…</p>;
  return (
    <div className="ss-overlay">
      <section className="ss-editor__main ss-overlay__form" aria-label="Screen labels">
        <header className="ss-editor__bar">
          <h2>Screen labels for your group</h2>
          <button type="button" className="ss-btn" disabled={!dirty || saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </header>
        {refused && (
          <pre className="ss-editor__refused" role="alert">
            {refused}
          </pre>
        )}
        <div className="ss-overlay__areas">
          {page.areas.map((area) => (
            <fieldset key={area.id} className="ss-overlay__area">
              <legend>{area.label}</legend>
              <TextField
                label="Menu label"
                placeholder={area.label}
                value={overlayValue(draft, ['areas', area.id, 'label'])}
                onChange={(v) => edit(['areas', area.id, 'label'], v)}
              />
              <ul>
                {area.tabs.map((tab) => (
                  <li key={tab.key}>
                    <TabRow
                      tab={tab}
                      draft={draft}
                      edit={edit}
                      open={open === tab.key}
                      onToggle={() => setOpen(open === tab.key ? null : tab.key)}
                    />
                  </li>
                ))}
              </ul>
              <ExtraScreens
                area={area}
                areas={page.areas}
                draft={draft}
                onChange={(extraScreens) => {
                  const added = Object.keys(extraScreens).find((k) => !draft.extraScreens?.[k]);
                  if (added) setFocus(added);
                  setDraft((d) => ({ ...d, extraScreens }));
                }}
              />
            </fieldset>
          ))}
        </div>
      </section>
      <section className="ss-editor__preview" aria-label={side === 'preview' ? 'Preview' : 'History'}>
        <div className="ss-overlay__switch" role="group" aria-label="Side panel">
          {SIDE_PANELS.map(([panel, label]) => (
            <button
              key={panel}
              type="button"
              className="ss-btn ss-btn--ghost"
              aria-pressed={side === panel}
              onClick={() => setSide(panel)}
            >
              {label}
            </button>
          ))}
        </div>
        {side === 'preview' ? (
          <OverlayPreview draft={draft} focus={focus} />
        ) : (
          <HistoryPanel
            history={history}
            revision={revision}
            onRestored={() => setRevision((r) => r + 1)}
            title="History of your group's labels"
            base="The global config"
          />
        )}
      </section>
    </div>
  );
}

function TabRow({
  tab,
  draft,
  edit,
  open,
  onToggle,
}: {
  tab: OverlayScreen;
  draft: GroupOverlay;
  edit: Edit;
  open: boolean;
  onToggle: () => void;
}) {
  const at = (...rest: string[]) => ['screens', tab.key, ...rest];
  return (
    <div className="ss-overlay__tab">
      <div className="ss-overlay__row">
        <TextField
          label={`Title of ${tab.key}`}
          placeholder={tab.title}
          value={overlayValue(draft, at('title'))}
          onChange={(v) => edit(at('title'), v)}
        />
        <CheckField
          label="Hide tab"
          checked={overlayValue(draft, at('hidden')) === true}
          onChange={(v) => edit(at('hidden'), v)}
        />
        <button type="button" className="ss-btn ss-btn--ghost" aria-expanded={open} onClick={onToggle}>
          Filters and labels
        </button>
      </div>
      {open && (
        <div className="ss-overlay__details">
          {tab.dates && (
            <label className="ss-overlay__field">
              <span>Default dates</span>
              <select
                value={(overlayValue(draft, at('dates', 'default')) as string | undefined) ?? ''}
                onChange={(e) => edit(at('dates', 'default'), e.target.value)}
              >
                <option value="">{`As configured (${tab.dates.default})`}</option>
                {tab.dates.presets.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
          )}
          {tab.filters.map((f) => (
            <div key={f.field} className="ss-overlay__row">
              <TextField
                label={`Filter ${f.field}`}
                placeholder={f.label}
                value={overlayValue(draft, at('filters', f.field, 'label'))}
                onChange={(v) => edit(at('filters', f.field, 'label'), v)}
              />
              <CheckField
                label="Hide"
                checked={overlayValue(draft, at('filters', f.field, 'hidden')) === true}
                onChange={(v) => edit(at('filters', f.field, 'hidden'), v)}
              />
              {f.options && (f.kind === 'radio' || f.kind === 'singleSelect') && (
                <label className="ss-overlay__field">
                  <span>Default</span>
                  <select
                    value={JSON.stringify(overlayValue(draft, at('filters', f.field, 'default')) ?? null)}
                    onChange={(e) =>
                      edit(at('filters', f.field, 'default'), JSON.parse(e.target.value) ?? undefined)
                    }
                  >
                    <option value="null">As configured</option>
                    {f.options.map((o) => (
                      <option key={String(o.value)} value={JSON.stringify(o.value)}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          ))}
          {tab.widgets.flatMap((w) => [
            ...w.tiles.map((t) => (
              <TextField
                key={`${w.id}/${t.measure}`}
                label={`Tile ${t.measure}`}
                placeholder={t.label}
                value={overlayValue(draft, at('widgets', w.id, 'tiles', t.measure, 'label'))}
                onChange={(v) => edit(at('widgets', w.id, 'tiles', t.measure, 'label'), v)}
              />
            )),
            ...w.columns.map((c) => (
              <TextField
                key={`${w.id}/${c.field}`}
                label={`Column ${c.field}`}
                placeholder={c.header}
                value={overlayValue(draft, at('widgets', w.id, 'columns', c.field, 'header'))}
                onChange={(v) => edit(at('widgets', w.id, 'columns', c.field, 'header'), v)}
              />
            )),
          ])}
        </div>
      )}
    </div>
  );
}

function TextField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: unknown;
  onChange: (v: string) => void;
}) {
  return (
    <label className="ss-overlay__field">
      <span>{label}</span>
      <input
        type="text"
        placeholder={placeholder}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="ss-overlay__check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export default GroupOverlayPage;
