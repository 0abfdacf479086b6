import { useEffect, useState } from 'react';
import { errorMessage, http } from '../api/http.js';
import type { Envelope } from '../../shared/envelope.js';
import type { GroupOverlay, OverlayPreviewAnswer } from '../../shared/groupOverlay.js';
import type { ScreenTab } from '../../shared/screenApi.js';
import { overlayApi, overlayDraftPrefix } from './editorApi.js';
import { DraftPreview } from './DraftPreview.js';

interface MenuArea {
  id: string;
  label: string;
  tabs: ScreenTab[];
}

const DEBOUNCE_MS = 400;

/**
 * The draft overlay as the group would be served it, before Save: a moment after an edit the
 * server checks the draft (its problems are listed) and serves a valid one to this admin only
 * (config/overlay/drafts/:id, docs/config-storage.md); the menu and the chosen tab (else the one
 * last edited) are drawn from there by the engine, as the group would see them.
 */
export function OverlayPreview({ draft, focus }: { draft: GroupOverlay; focus: string | null }) {
  const [answer, setAnswer] = useState<OverlayPreviewAnswer | null>(null);
  const [menu, setMenu] = useState<{ draftId: string; areas: MenuArea[] } | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = JSON.stringify(draft);
  // An edit elsewhere brings its screen to the preview.
  useEffect(() => setChosen(null), [focus]);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const check = async () => {
        const checked = await overlayApi.preview(JSON.parse(text) as GroupOverlay);
        if (!live) return;
        setAnswer(checked);
        if (!checked.draftId) return;
        const { data } = await http.get<Envelope<MenuArea[]>>(
          `${overlayDraftPrefix(checked.draftId)}config/areas`,
        );
        if (live) setMenu({ draftId: checked.draftId, areas: data.data ?? [] });
      };
      check().then(
        () => live && setError(null),
        (err: unknown) => live && setError(errorMessage(err)),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  const tabs = (menu?.areas ?? []).flatMap((a) => a.tabs.map((t) => ({ key: `${a.id}/${t.id}`, tab: t })));
  // No screen until one is edited or chosen: a screen and its data calls are not free.
  const shown = tabs.find((t) => t.key === chosen) ?? tabs.find((t) => t.key === focus);
  const [area, screen] = (shown?.key ?? '/').split('/') as [string, string];
  return (
    <div className="ss-overlay__preview" aria-label="Preview of your changes">
      {error && <p className="ss-editor__refused">{error}</p>}
      {answer && !answer.valid && (
        <>
          <p className="ss-editor__stale">Not valid yet: the preview shows the last valid draft.</p>
          <ul className="ss-overlay__problems" aria-label="Problems of the draft">
            {answer.problems.map((p) => (
              <li key={`${p.pointer} ${p.message}`}>
                <code>{p.pointer || '/'}</code> {p.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {menu && (
        <>
          <label className="ss-overlay__field">
            <span>Screen to preview, in the menu as your group will see it</span>
            <select value={shown?.key ?? ''} onChange={(e) => setChosen(e.target.value)}>
              <option value="">Choose a screen, or edit one</option>
              {menu.areas.map((a) => (
                <optgroup key={a.id} label={a.label}>
                  {a.tabs.map((t) => (
                    <option key={t.id} value={`${a.id}/${t.id}`}>
                      {t.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          {shown ? (
            <DraftPreview
              draftId={menu.draftId}
              area={area}
              screen={screen}
              prefix={overlayDraftPrefix(menu.draftId)}
            />
          ) : (
            <p className="ss-editor__hint">
              The screen you edit last is shown here as your group will see it.
            </p>
          )}
        </>
      )}
    </div>
  );
}
