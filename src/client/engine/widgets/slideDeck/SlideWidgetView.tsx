import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SlideWidget } from '../../../../shared/config.gen.js';
import type { ResolvedScreen } from '../../../../shared/screenApi.js';
import { errorMessage } from '../../../api/http.js';
import { EngineContext, useEngine, type EngineContextValue } from '../../runtime/EngineContext.js';
import type { DataSource } from '../../runtime/dataSource.js';
import { screenDefaults, isCrawlLinked } from '../../state/screenDefaults.js';
import { createScreenStore } from '../../state/screenStore.js';
import { RenderWidgetContext } from '../renderWidgetContext.js';

const resolved = new WeakMap<DataSource, Map<string, Promise<ResolvedScreen>>>();

/** A source screen's resolved config, asked once per data source and screen. */
function loadScreen(source: DataSource, key: string): Promise<ResolvedScreen> {
  let byKey = resolved.get(source);
  if (!byKey) resolved.set(source, (byKey = new Map<string, Promise<ResolvedScreen>>()));
  let pending = byKey.get(key);
  if (!pending) {
    const [area = '', screen = ''] = key.split('/');
    pending = source.screen(area, screen);
    pending.catch(() => byKey.delete(key)); // a failure is asked again next time
    byKey.set(key, pending);
  }
  return pending;
}

/** Loads a slide widget's screen, then renders the children in that screen's engine. */
export function WithSourceScreen(props: {
  source: DataSource;
  screen: string;
  filters: string;
  children: (value: EngineContextValue) => ReactNode;
}) {
  const { source, screen: key, filters, children } = props;
  const [state, setState] = useState<{ screen: ResolvedScreen } | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    loadScreen(source, key).then(
      (screen) => live && setState({ screen }),
      (err: unknown) => live && setState({ error: errorMessage(err, 'This widget is not available') }),
    );
    return () => {
      live = false;
    };
  }, [source, key]);
  if (!state)
    return (
      <div className="ss-state ss-state--loading" role="status">
        Loading…
      </div>
    );
  if ('error' in state)
    return (
      <div className="ss-state ss-state--error" role="alert">
        {state.error}
      </div>
    );
  return (
    <SourceEngine screen={state.screen} source={source} filters={filters}>
      {children}
    </SourceEngine>
  );
}

function SourceEngine(props: {
  screen: ResolvedScreen;
  source: DataSource;
  filters: string;
  children: (value: EngineContextValue) => ReactNode;
}) {
  const { screen, source, filters, children } = props;
  const outer = useEngine();
  // The widget's own filters, as a link carries them: they pin its dates like a copied link does.
  const [store] = useState(() =>
    createScreenStore(screen.area, screen.id, screenDefaults(screen), {
      search: filters,
      crawlType: isCrawlLinked(screen) ? screen.crawlType : undefined,
    }),
  );
  const value = useMemo<EngineContextValue>(
    () => ({ ...outer, screen, store, source, navigate: undefined }),
    [outer, screen, store, source],
  );
  return <EngineContext.Provider value={value}>{children(value)}</EngineContext.Provider>;
}

/** One widget of a slide: the source screen's widget under the slide widget's filters. */
export function SlideWidgetView({ widget, source }: { widget: SlideWidget; source: DataSource }) {
  const Render = useContext(RenderWidgetContext);
  return (
    <div className="ss-slide__widget" data-slide-widget={widget.id}>
      {widget.title && <div className="ss-slide__caption">{widget.title}</div>}
      <WithSourceScreen source={source} screen={widget.screen} filters={widget.filters}>
        {({ screen }) => {
          const config = screen.widgets.find((w) => 'id' in w && w.id === widget.widget);
          if (!Render) return null;
          return <Render config={config ?? { kind: `missing widget "${widget.widget}"` }} />;
        }}
      </WithSourceScreen>
    </div>
  );
}
