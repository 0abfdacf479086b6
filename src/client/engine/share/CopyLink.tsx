import { useEffect, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * A new link: shown in a read-only input (the fallback where the clipboard is refused, e.g. an
 * insecure origin) with a Copy button that says 'Copied' for a moment once the clipboard has it.
 */
export function CopyLink({ url }: { url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      input.current?.select();
      setState('manual');
    }
  };
  return (
    <div className="ss-share__new">
      <label className="ss-share__label" htmlFor="ss-share-url">
        Link (read-only view of this screen)
      </label>
      <div className="ss-share__copy">
        <input
          id="ss-share-url"
          ref={input}
          className="ss-input"
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="ss-btn" onClick={() => void copy()} aria-live="polite">
          {state === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      {state === 'manual' && (
        <p className="ss-share__hint" role="status">
          The browser refused the clipboard: the link is selected, press Ctrl+C (⌘C) to copy it.
        </p>
      )}
    </div>
  );
}
