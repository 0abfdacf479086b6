import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SlideDeckWidget as SlideDeckConfig } from '../../../../shared/config.gen.js';
import { errorMessage } from '../../../api/http.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { createHttpDataSource } from '../../runtime/dataSource.js';
import { WidgetFrame } from '../frame/WidgetFrame.js';
import { exportDeckFile, exportDeckPdf, exportDeckPptx } from './exportDeck.js';
import { slideApi, type SlideViewRecord } from './slideApi.js';
import { SlideCanvas } from './SlideCanvas.js';
import { SlideComposer } from './SlideComposer.js';
import { SlidePresenter } from './SlidePresenter.js';
import './slides.css';

type Mode =
  | { kind: 'list' }
  | { kind: 'compose'; editing: SlideViewRecord | null }
  | { kind: 'view'; deck: SlideViewRecord };

/**
 * paxviz (docs/slides.md): the group's slide views on this slide screen, five a page; compose,
 * open, present full screen, share read-only, export (PDF, PPTX, file), import. A share-link
 * viewer gets the one shared deck, opened, with presenting and PDF only.
 */
export function SlideDeckWidget({ config }: { config: SlideDeckConfig }) {
  const { screen, source } = useEngine();
  const deckScreen = screen.permission;
  const [rows, setRows] = useState<SlideViewRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [readOnly, setReadOnly] = useState(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string>();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(
    async (offset: number) => {
      try {
        const page = await slideApi.list(deckScreen, offset);
        setRows((r) => (offset === 0 ? page.rows : [...r, ...page.rows]));
        setTotal(page.total);
        setReadOnly(page.readOnly);
        setStatus('ready');
        if (page.readOnly && page.rows[0]) setMode({ kind: 'view', deck: page.rows[0] });
      } catch (e) {
        setError(errorMessage(e));
        setStatus('error');
      }
    },
    [deckScreen],
  );
  useEffect(() => void load(0), [load]);

  if (mode.kind === 'compose')
    return (
      <WidgetFrame
        kind="slideDeck"
        title={mode.editing ? `Edit ${mode.editing.name}` : 'New slide view'}
        status="ready"
      >
        <SlideComposer
          deckScreen={deckScreen}
          source={source}
          editing={mode.editing}
          onDone={(id) => {
            setMode({ kind: 'list' });
            if (id !== null) {
              setNotice('Slide view saved');
              void load(0);
            }
          }}
        />
      </WidgetFrame>
    );
  if (mode.kind === 'view')
    return (
      <DeckView
        deck={mode.deck}
        readOnly={readOnly}
        onBack={() => setMode({ kind: 'list' })}
        onEdit={() => setMode({ kind: 'compose', editing: mode.deck })}
        onDeleted={() => {
          setMode({ kind: 'list' });
          void load(0);
        }}
      />
    );
  return (
    <WidgetFrame
      kind="slideDeck"
      title={config.title ?? 'Slide views'}
      status={status === 'ready' && rows.length === 0 ? 'ready' : status}
      error={error}
      actions={
        !readOnly && (
          <>
            <ImportButton deckScreen={deckScreen} onImported={() => void load(0)} onError={setNotice} />
            <button
              type="button"
              className="ss-btn"
              onClick={() => setMode({ kind: 'compose', editing: null })}
            >
              New slide view
            </button>
          </>
        )
      }
    >
      {notice && (
        <div className="ss-notice" role="status">
          {notice}
        </div>
      )}
      {status === 'ready' && rows.length === 0 && (
        <p className="ss-slidelist__empty">No slide views yet. Compose one from the widgets of any screen.</p>
      )}
      {rows.length > 0 && (
        <ul className="ss-slidelist">
          {rows.map((r) => (
            <li key={r.id} className="ss-slidelist__item">
              <button
                type="button"
                className="ss-slidelist__open"
                onClick={() => setMode({ kind: 'view', deck: r })}
              >
                <strong>{r.name}</strong>
                <span>
                  {r.view.slides.length} slide{r.view.slides.length === 1 ? '' : 's'} ·{' '}
                  {r.view.slides.reduce((n, s) => n + s.widgets.length, 0)} widgets · updated{' '}
                  {new Date(r.updatedAt).toLocaleDateString()}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="ss-slidelist__foot">
        <span>
          {rows.length}/{total}
        </span>
        {total > rows.length && (
          <button type="button" className="ss-btn ss-btn--ghost" onClick={() => void load(rows.length)}>
            Show More
          </button>
        )}
      </div>
    </WidgetFrame>
  );
}

function ImportButton(props: { deckScreen: string; onImported: () => void; onError: (m: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const onFile = async (file: File) => {
    try {
      const body = JSON.parse(await file.text()) as { data?: { name?: string; view?: unknown } };
      const deck = body.data ?? {};
      await slideApi.importFile({
        screen: props.deckScreen,
        name: String(deck.name ?? file.name),
        view: deck.view,
      });
      props.onImported();
    } catch (e) {
      props.onError(errorMessage(e, 'Not a slide view file'));
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Import slide view file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void onFile(file);
        }}
      />
      <button type="button" className="ss-btn ss-btn--ghost" onClick={() => input.current?.click()}>
        Import
      </button>
    </>
  );
}

interface DeckViewProps {
  deck: SlideViewRecord;
  readOnly: boolean;
  onBack: () => void;
  onEdit: () => void;
  onDeleted: () => void;
}

/** One deck, every slide in order, its widgets answered by the deck's own data routes. */
function DeckView({ deck, readOnly, onBack, onEdit, onDeleted }: DeckViewProps) {
  const source = useMemo(() => createHttpDataSource(`paxviz/slideview/${deck.id}/`), [deck.id]);
  const [presenting, setPresenting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const slidesRef = useRef<HTMLDivElement>(null);
  const slideElements = () => [...(slidesRef.current?.querySelectorAll<HTMLElement>('.ss-slide') ?? [])];
  const run = (job: () => Promise<void>, done?: string) => {
    setMessage('Working…');
    job().then(
      () => setMessage(done ?? null),
      (e: unknown) => setMessage(errorMessage(e, e instanceof Error ? e.message : undefined)),
    );
  };
  const endPresenting = useCallback(() => setPresenting(false), []);
  return (
    <section className="ss-card ss-widget ss-widget--slideDeck ss-deck" data-deck={deck.id}>
      <header className="ss-card__head">
        <h2 className="ss-card__title">{deck.name}</h2>
        <div className="ss-card__actions">
          {!readOnly && (
            <button type="button" className="ss-btn ss-btn--ghost" onClick={onBack}>
              ‹ All slide views
            </button>
          )}
          <button type="button" className="ss-btn" onClick={() => setPresenting(true)}>
            Present
          </button>
          <button
            type="button"
            className="ss-btn ss-btn--ghost"
            onClick={() => run(() => exportDeckPdf(deck.name, slideElements()))}
          >
            Export PDF
          </button>
          {!readOnly && (
            <>
              <button
                type="button"
                className="ss-btn ss-btn--ghost"
                onClick={() => run(() => exportDeckPptx(deck.name, slideElements()))}
              >
                Export PPTX
              </button>
              <button
                type="button"
                className="ss-btn ss-btn--ghost"
                onClick={() =>
                  exportDeckFile(deck.name, {
                    statusCode: 1,
                    msg: 'Success',
                    data: { screen: deck.screen, name: deck.name, view: deck.view },
                  })
                }
              >
                Export file
              </button>
              <button type="button" className="ss-btn ss-btn--ghost" onClick={onEdit}>
                Edit
              </button>
              <button
                type="button"
                className="ss-btn ss-btn--ghost"
                onClick={() =>
                  run(
                    async () => setShareUrl(await slideApi.share(deck.id, deck.screen)),
                    'Read-only link created',
                  )
                }
              >
                Share
              </button>
              <button
                type="button"
                className="ss-btn ss-btn--ghost"
                onClick={() => {
                  if (window.confirm(`Delete the slide view "${deck.name}"?`))
                    run(async () => {
                      await slideApi.remove(deck.id);
                      onDeleted();
                    });
                }}
              >
                Delete
              </button>
            </>
          )}
        </div>
      </header>
      {message && (
        <div className="ss-notice" role="status">
          {message}
        </div>
      )}
      {shareUrl && (
        <label className="ss-deck__share">
          Share link (read-only, can be framed)
          <input aria-label="Share link" readOnly value={shareUrl} onFocus={(e) => e.target.select()} />
        </label>
      )}
      <div ref={slidesRef} className="ss-deck__slides">
        {deck.view.slides.map((s, i) => (
          <SlideCanvas key={i} slide={s} source={source} index={i} />
        ))}
      </div>
      {presenting && <SlidePresenter view={deck.view} source={source} onClose={endPresenting} />}
    </section>
  );
}
