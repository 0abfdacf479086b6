import { useState } from 'react';
import { ShareDialog } from './ShareDialog.js';
import type { ShareLinksApi } from './shareLinksApi.js';
import './share.css';

/**
 * The screen header's Share action: opens the dialog of this screen's read-only links.
 * `currentFilters` reads the filters on screen at the moment a link is made.
 */
export function ShareButton({
  screen,
  title,
  api,
  currentFilters,
}: {
  screen: string;
  title: string;
  api: ShareLinksApi;
  currentFilters: () => string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="ss-btn ss-btn--ghost"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        Share
      </button>
      {open && (
        <ShareDialog
          screen={screen}
          title={title}
          api={api}
          currentFilters={currentFilters}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
