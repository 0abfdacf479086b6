import { useContext, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { SlideWidget } from '../../../../shared/config.gen.js';
import { filtersToSearch } from '../../../../shared/filters/index.js';
import { errorMessage } from '../../../api/http.js';
import type { DataSource } from '../../runtime/dataSource.js';
import { FilterBar } from '../../filters/FilterBar.js';
import type { ScreenStore } from '../../state/screenStore.js';
import { RenderWidgetContext } from '../renderWidgetContext.js';
import { slideApi, type Datapoint, type SourceScreen } from './slideApi.js';
import { WithSourceScreen } from './SlideWidgetView.js';

interface Props {
  deckScreen: string;
  source: DataSource;
  onAdd: (widget: Omit<SlideWidget, 'id' | 'kind'>, width: number) => void;
}

/**
 * Picks a widget of any screen the deck may draw on (the matrix, then the screen's datapoints)
 * and sets its own filters with that screen's filter bar, previewing it live before it is added.
 */
export function WidgetPicker({ deckScreen, source, onAdd }: Props) {
  const [screens, setScreens] = useState<SourceScreen[]>([]);
  const [screen, setScreen] = useState('');
  const [points, setPoints] = useState<Datapoint[]>([]);
  const [widget, setWidget] = useState('');
  const [width, setWidth] = useState(6);
  const [error, setError] = useState<string | null>(null);
  const Render = useContext(RenderWidgetContext);

  useEffect(() => {
    slideApi.matrix(deckScreen).then(setScreens, (e: unknown) => setError(errorMessage(e)));
  }, [deckScreen]);
  useEffect(() => {
    setWidget('');
    setPoints([]);
    if (!screen) return;
    slideApi.datapoints(deckScreen, screen).then(
      (p) => {
        setPoints(p);
        setWidget(p[0]?.id ?? '');
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, [deckScreen, screen]);

  return (
    <div className="ss-slidepick">
      <div className="ss-slidepick__controls">
        <label>
          Screen
          <select aria-label="Screen" value={screen} onChange={(e) => setScreen(e.target.value)}>
            <option value="">Choose a screen…</option>
            {screens.map((s) => (
              <option key={s.screen} value={s.screen}>
                {s.areaLabel} · {s.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Widget
          <select
            aria-label="Widget"
            value={widget}
            onChange={(e) => setWidget(e.target.value)}
            disabled={!points.length}
          >
            {points.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} ({p.kind})
              </option>
            ))}
          </select>
        </label>
        <label>
          Width
          <select aria-label="Width" value={width} onChange={(e) => setWidth(Number(e.target.value))}>
            <option value={4}>One third</option>
            <option value={6}>Half</option>
            <option value={8}>Two thirds</option>
            <option value={12}>Full width</option>
          </select>
        </label>
      </div>
      {error && (
        <div className="ss-state ss-state--error" role="alert">
          {error}
        </div>
      )}
      {screen && widget && (
        <WithSourceScreen key={`${screen}#${widget}`} source={source} screen={screen} filters="">
          {({ screen: config, store }) => (
            <div className="ss-slidepick__preview">
              <FilterBar filters={config.filters ?? []} />
              <div className="ss-slidepick__widget">
                {Render && (
                  <Render
                    config={config.widgets.find((w) => 'id' in w && w.id === widget) ?? { kind: 'none' }}
                  />
                )}
              </div>
              <AddButton
                store={store}
                onAdd={() => onAdd({ screen, widget, filters: searchOf(store) }, width)}
              />
            </div>
          )}
        </WithSourceScreen>
      )}
    </div>
  );
}

const searchOf = (store: ScreenStore) => filtersToSearch(store.filters);

function AddButton({ store, onAdd }: { store: ScreenStore; onAdd: () => void }) {
  useSnapshot(store); // re-render with the filters, so the button adds what the preview shows
  return (
    <button type="button" className="ss-btn" onClick={onAdd}>
      Add to slide
    </button>
  );
}
