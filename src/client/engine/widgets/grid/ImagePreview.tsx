import { useRef, useState } from 'react';
import type { ProductPage } from '../../../../shared/screenApi.js';
import { Thumb } from './Thumb.js';

type Pages = ProductPage['pages'];

/**
 * A product thumbnail that opens a larger preview with links to the product's pages: its page on
 * each channel (read when the preview first opens) and/or a page address of the column. A native
 * modal <dialog> gives focus trapping and Escape to close without a library.
 */
export function ImagePreview({
  src,
  alt,
  size,
  pageUrl,
  loadPages,
}: {
  src: string;
  alt: string;
  size: number;
  pageUrl?: string | undefined;
  loadPages?: (() => Promise<Pages>) | undefined;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [pages, setPages] = useState<Pages | 'loading' | 'failed' | null>(null);
  const external = pageUrl !== undefined && /^(https?:)?\/\//.test(pageUrl);
  const open = () => {
    dialog.current?.showModal?.();
    if (!loadPages || (pages !== null && pages !== 'failed')) return;
    setPages('loading');
    loadPages().then(setPages, () => setPages('failed'));
  };
  return (
    <>
      <button
        type="button"
        className="ss-thumb-btn"
        aria-label={`Preview image of ${alt || 'product'}`}
        onClick={open}
      >
        <Thumb src={src} alt={alt} size={size} />
      </button>
      <dialog
        ref={dialog}
        className="ss-preview"
        aria-label={alt || 'Product image'}
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        onClick={(e) => e.target === dialog.current && dialog.current.close()}
      >
        <figure className="ss-preview__body">
          <img src={src} alt={alt} className="ss-preview__img" width={320} height={320} />
          <figcaption className="ss-preview__caption">{alt}</figcaption>
        </figure>
        <div className="ss-preview__actions">
          {pages === 'loading' && <span className="ss-muted">Loading product pages…</span>}
          {pages === 'failed' && <span className="ss-muted">Product pages could not be loaded.</span>}
          {Array.isArray(pages) &&
            pages.map((p) => (
              <a key={p.channelId} className="ss-btn" href={p.url} target="_blank" rel="noreferrer noopener">
                Open on {p.channelName}
              </a>
            ))}
          {pageUrl && (
            <a
              className="ss-btn"
              href={pageUrl}
              {...(external ? { target: '_blank', rel: 'noreferrer noopener' } : {})}
            >
              Open product page
            </a>
          )}
          <button type="button" className="ss-btn ss-btn--ghost" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
