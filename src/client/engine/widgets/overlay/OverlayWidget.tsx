import { useSnapshot } from 'valtio';
import type { OverlayWidget as OverlayConfig } from '../../../../shared/config.gen.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { FormWidget } from '../form/FormWidget.js';
import { closeOverlay, openOverlay, overlaySaved, overlayState } from './overlayStore.js';

/**
 * The spec's admin overlay, once for all its modes: a modal around one form widget of the screen,
 * opened empty by its button (create) or with a row by a row action (edit).
 */
export function OverlayWidget({ config }: { config: OverlayConfig }) {
  const { screen } = useEngine();
  const { open } = useSnapshot(overlayState);
  const form = screen.widgets.find((w) => w.id === config.form);
  const isOpen = open?.id === config.id;
  return (
    <>
      {config.openLabel && (
        <button type="button" className="ss-btn ss-btn--primary" onClick={() => openOverlay(config.id)}>
          {config.openLabel}
        </button>
      )}
      {isOpen && form?.kind === 'form' && (
        <div className="ss-modal-backdrop" role="presentation">
          <div
            className="ss-modal ss-modal--wide"
            role="dialog"
            aria-modal="true"
            aria-label={config.title}
            style={{ maxWidth: config.width ?? 640 }}
          >
            <h2>{config.title}</h2>
            <FormWidget
              config={form}
              inOverlay
              initial={open.row ?? undefined}
              onDone={(message) => {
                overlaySaved(message);
                if (form.closeOnSuccess) closeOverlay();
              }}
            />
            <button type="button" className="ss-btn" onClick={closeOverlay}>
              Close
            </button>
          </div>
        </div>
      )}
    </>
  );
}
