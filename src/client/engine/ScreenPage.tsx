import { startTransition, useEffect, useState } from 'react';
import { useInRouterContext, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { errorMessage } from '../api/http.js';
import { httpDataSource, type DataSource } from './runtime/dataSource.js';
import { browserStorage, storedCrawlDates, storedCurrency } from './runtime/env.js';
import type { ResolvedScreen } from '../../shared/screenApi.js';
import { ScreenView } from './ScreenView.js';
import { numberStylePref } from './runtime/numberStylePref.js';

export interface ScreenPageProps {
  area: string;
  screen: string;
  /** Injected in tests and stories; the app uses the HTTP client. */
  source?: DataSource;
  /**
   * Shown inside another page (the screen editor's preview): the address bar, stored filters and
   * navigation belong to that page, so the screen neither reads nor writes them.
   */
  embedded?: boolean;
  /** The session may open this screen as a signed-in user: offer the Share action (never when embedded). */
  shareable?: boolean;
  /** Offer saved views (not to a share-link viewer). */
  personal?: boolean;
}

type Load =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; config: ResolvedScreen };

/**
 * The route component of /workspace/:area/:screen: loads the screen config and renders it.
 * Works inside a router (tabs navigate in-app, the URL carries the filters) and outside one.
 */
export function ScreenPage(props: ScreenPageProps) {
  const routed = useInRouterContext();
  if (props.embedded) return <ScreenLoader {...props} search="" />;
  return routed ? <RoutedScreenPage {...props} /> : <ScreenLoader {...props} search={locationSearch()} />;
}

function RoutedScreenPage(props: ScreenPageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  return <ScreenLoader {...props} search={location.search} onNavigate={(url) => void navigate(url)} />;
}

const locationSearch = () => (typeof window === 'undefined' ? '' : window.location.search);

function ScreenLoader({
  area,
  screen,
  source = httpDataSource,
  search,
  onNavigate,
  embedded = false,
  shareable = false,
  personal = true,
}: ScreenPageProps & { search: string; onNavigate?: (url: string) => void }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const { style: numberStyle } = useSnapshot(numberStylePref);
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    source.screen(area, screen).then(
      // The whole screen (filter bar, tabs, frames) renders in slices, not one long task.
      (config) => live && startTransition(() => setLoad({ status: 'ready', config })),
      (err: unknown) =>
        live &&
        setLoad({
          status: 'error',
          message: errorMessage(err, err instanceof Error ? err.message : undefined),
        }),
    );
    return () => {
      live = false;
    };
  }, [area, screen, source]);

  if (load.status === 'loading') {
    return (
      <div className="ss-screen ss-state ss-state--loading" role="status">
        <span className="ss-spinner" aria-hidden /> Loading…
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div className="ss-screen ss-state ss-state--error" role="alert">
        {load.message}
      </div>
    );
  }
  return (
    <ScreenView
      // A new screen is a new store: filters are per area and screen.
      key={`${area}/${screen}`}
      screen={load.config}
      source={source}
      storage={embedded ? null : browserStorage()}
      search={search}
      writeUrl={!embedded}
      crawlDates={storedCrawlDates()}
      currency={storedCurrency()}
      numberStyle={numberStyle}
      onNavigate={onNavigate}
      shareable={shareable && !embedded}
      personal={personal}
    />
  );
}
