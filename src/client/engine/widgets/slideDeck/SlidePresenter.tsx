import { useEffect, useRef, useState } from 'react';
import type { SlideViewConfig } from '../../../../shared/config.gen.js';
import type { DataSource } from '../../runtime/dataSource.js';
import { SlideCanvas } from './SlideCanvas.js';

/** Full screen, one slide at a time: arrows or Space move, Escape (or leaving full screen) ends. */
export function SlidePresenter({
  view,
  source,
  onClose,
}: {
  view: SlideViewConfig;
  source: DataSource;
  onClose: () => void;
}) {
  const [at, setAt] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const count = view.slides.length;
  useEffect(() => {
    const el = root.current;
    // Full screen needs a user gesture and may be refused (a frame without allowfullscreen): then the overlay fills the window.
    el?.requestFullscreen?.().catch(() => undefined);
    el?.focus();
    const onChange = () => {
      if (!document.fullscreenElement) onClose();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [onClose]);
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === ' ' || e.key === 'PageDown')
      setAt((n) => Math.min(n + 1, count - 1));
    else if (e.key === 'ArrowLeft' || e.key === 'PageUp') setAt((n) => Math.max(n - 1, 0));
    else if (e.key === 'Escape') onClose();
  };
  return (
    <div
      ref={root}
      className="ss-present"
      tabIndex={-1}
      onKeyDown={onKey}
      role="dialog"
      aria-label={`Presenting ${view.title}`}
    >
      <SlideCanvas key={at} slide={view.slides[at]!} source={source} index={at} />
      <footer className="ss-present__bar">
        <button
          type="button"
          className="ss-btn ss-btn--ghost"
          onClick={() => setAt(Math.max(at - 1, 0))}
          disabled={at === 0}
        >
          ‹ Previous
        </button>
        <span aria-live="polite">
          {at + 1} / {count}
        </span>
        <button
          type="button"
          className="ss-btn ss-btn--ghost"
          onClick={() => setAt(Math.min(at + 1, count - 1))}
          disabled={at === count - 1}
        >
          Next ›
        </button>
        <button type="button" className="ss-btn ss-btn--ghost" onClick={onClose}>
          End
        </button>
      </footer>
    </div>
  );
}
