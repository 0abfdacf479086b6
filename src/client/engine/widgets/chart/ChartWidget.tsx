import { lazy, Suspense } from 'react';
import type { ChartWidget as ChartConfig } from '../../../../shared/config.gen.js';
import { DEFAULT_NUMBER_STYLE } from '../../../../shared/format/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { useQueryRows } from '../../runtime/useQueryRows.js';
import { loadFrame, WidgetFrame } from '../frame/WidgetFrame.js';

// Vega is ~300 KB gzip: split out so only screens with charts pay for it.
const VegaChart = lazy(() => import('./VegaChart.js'));

/** A Vega-Lite chart whose data is the rows of a screen query. */
export function ChartWidget({ config }: { config: ChartConfig }) {
  const { currency, numberStyle = DEFAULT_NUMBER_STYLE } = useEngine();
  const load = useQueryRows(config.query);
  const rows = load.result?.rows ?? [];
  return (
    <WidgetFrame title={config.title} kind="chart" {...loadFrame(load, rows.length > 0)}>
      {load.status === 'ready' && rows.length > 0 && (
        <Suspense fallback={<div className="ss-state ss-state--loading">Loading chart…</div>}>
          <VegaChart
            spec={config.spec}
            rows={rows}
            height={config.height}
            title={config.title}
            numberStyle={numberStyle}
            currencySymbol={currency.symbol}
          />
        </Suspense>
      )}
    </WidgetFrame>
  );
}
