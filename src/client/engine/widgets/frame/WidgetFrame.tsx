import type { ReactNode } from 'react';
import type { LoadState } from '../../runtime/useQueryRows.js';
import { EmptyState } from './EmptyState.js';

interface Props {
  title?: string | undefined;
  kind: string;
  status: 'loading' | 'error' | 'empty' | 'ready';
  error?: string | undefined;
  /** Asks the failed query again (the error state's Retry button). */
  onRetry?: (() => void) | undefined;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame's status and error for a query's load state: a ready answer without rows is empty. */
export function loadFrame(load: LoadState, hasRows: boolean): Pick<Props, 'status' | 'error' | 'onRetry'> {
  if (load.status === 'error') return { status: 'error', error: load.message, onRetry: load.retry };
  return { status: load.status === 'ready' && !hasRows ? 'empty' : load.status };
}

/** The card every widget sits in, with the loading, empty and error states in one place. */
export function WidgetFrame({ title, kind, status, error, onRetry, actions, children }: Props) {
  return (
    <section className={`ss-card ss-widget ss-widget--${kind}`} aria-busy={status === 'loading'}>
      {(title || actions) && (
        <header className="ss-card__head">
          {title && <h2 className="ss-card__title">{title}</h2>}
          {actions && <div className="ss-card__actions">{actions}</div>}
        </header>
      )}
      {status === 'loading' && !children && (
        <div className="ss-state ss-state--loading" role="status">
          <span className="ss-spinner" aria-hidden /> Loading…
        </div>
      )}
      {status === 'error' && (
        <div className="ss-state ss-state--error" role="alert">
          <div>{error ?? 'Something went wrong. Try again.'}</div>
          {onRetry && (
            <button type="button" className="ss-btn ss-btn--ghost ss-state__retry" onClick={onRetry}>
              Retry
            </button>
          )}
        </div>
      )}
      {status === 'empty' && <EmptyState />}
      {children}
    </section>
  );
}
