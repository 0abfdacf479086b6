import { lazy, Suspense, useMemo, useState } from 'react';
import type { ChartWidget as ChartConfig } from '../../../../shared/config.gen.js';
import { DEFAULT_NUMBER_STYLE } from '../../../../shared/format/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { findQuery } from '../../runtime/findQuery.js';
import { useQueryRows } from '../../runtime/useQueryRows.js';
import { DrillPanel } from '../drill/DrillPanel.js';
import { pointParams } from '../drill/drillView.js';
import { loadFrame, WidgetFrame } from '../frame/WidgetFrame.js';
import { chartMeasure } from './chartMeasure.js';
import { overlayPrevious, PREVIOUS_LABEL } from './previousOverlay.js';

// Vega is ~300 KB gzip: split out so only screens with charts pay for it.
const VegaChart = lazy(() => import('./VegaChart.js'));

/**
 * A Vega-Lite chart whose data is the rows of a screen query. A click on a point (a day, a
 * channel, a brand) lists the rows behind it below the chart, when its measure has rows to list.
 */
export function ChartWidget({ config }: { config: ChartConfig }) {
  const { screen, source, currency, numberStyle = DEFAULT_NUMBER_STYLE } = useEngine();
  const load = useQueryRows(config.query);
  const rows = load.result?.rows ?? [];
  const query = findQuery(screen, config.query);
  const measure = query ? chartMeasure(config.spec, query.measures) : null;
  const meta = screen.measures.find((m) => m.id === measure);
  const drillable = Boolean(source.drill && measure && meta && !meta.noDrill && query?.groupBy?.length);
  const [point, setPoint] = useState<Record<string, string> | null>(null);
  // The comparison period as a dashed line (the server answers its points on the current dates).
  const previous = config.previousPeriod && query ? load.result?.previous : undefined;
  const spec = useMemo(
    () =>
      previous && query && !previous.noData
        ? overlayPrevious(
            config.spec,
            query.measures,
            previous.to === 'last_year' ? 'Same period last year' : PREVIOUS_LABEL,
          )
        : config.spec,
    [config.spec, previous, query],
  );
  const dates = screen.dimensions.filter((d) => d.format === 'date').map((d) => d.id);
  const onPoint = drillable
    ? (datum: Record<string, unknown>) => setPoint(pointParams(datum, query?.groupBy ?? [], dates))
    : undefined;
  return (
    <WidgetFrame title={config.title} kind="chart" {...loadFrame(load, rows.length > 0)}>
      {load.status === 'ready' && rows.length > 0 && (
        <Suspense fallback={<div className="ss-state ss-state--loading">Loading chart…</div>}>
          <VegaChart
            spec={spec}
            rows={rows}
            height={config.height}
            title={config.title}
            numberStyle={numberStyle}
            currencySymbol={currency.symbol}
            onPoint={onPoint}
          />
        </Suspense>
      )}
      {point && measure && (
        <DrillPanel
          key={JSON.stringify(point)}
          queryId={config.query}
          measure={measure}
          label={meta?.label ?? measure}
          point={point}
          onClose={() => setPoint(null)}
        />
      )}
    </WidgetFrame>
  );
}
