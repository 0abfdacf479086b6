import { useRef } from 'react';
import { Thumb } from './Thumb.js';

/**
 * A product thumbnail that opens a larger preview with a link to the product page. A native
 * modal <dialog> gives focus trapping and Escape to close without a library.
 */
export function ImagePreview({
  src,
  alt,
  size,
  pageUrl,
}: {
  src: string;
  alt: string;
  size: number;
  pageUrl?: string | undefined;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const external = pageUrl !== undefined && /^(https?:)?\/\//.test(pageUrl);
  return (
    <>
      <button
        type="button"
        className="ss-thumb-btn"
        aria-label={`Preview image of ${alt || 'product'}`}
        onClick={() => dialog.current?.showModal?.()}
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
