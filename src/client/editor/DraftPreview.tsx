import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../api/http.js';
import { ScreenView } from '../engine/ScreenView.js';
import { storedCrawlDates, storedCurrency } from '../engine/env.js';
import type { ResolvedScreen } from '../engine/screenTypes.js';
import { draftDataSource } from './draftDataSource.js';

export interface DraftPreviewProps {
  draftId: string;
  area: string;
  screen: string;
}

type Load =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; config: ResolvedScreen };

/** The draft's screen rendered by the engine, its data calls answered by the server from the draft. */
export function DraftPreview({ draftId, area, screen }: DraftPreviewProps) {
  const source = useMemo(() => draftDataSource(draftId), [draftId]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    source.screen(area, screen).then(
      (config) => live && setLoad({ status: 'ready', config }),
      (error: unknown) => live && setLoad({ status: 'error', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [source, area, screen]);

  if (load.status === 'loading') {
    return (
      <div className="ss-state ss-state--loading" role="status">
        <span className="ss-spinner" aria-hidden /> Loading preview…
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div className="ss-state ss-state--error" role="alert">
        {load.message}
      </div>
    );
  }
  return (
    <ScreenView
      key={draftId}
      screen={load.config}
      source={source}
      storage={null}
      crawlDates={storedCrawlDates()}
      currency={storedCurrency()}
    />
  );
}
