import { nextTask } from './chartTurns.js';
import type * as ChartDrawing from './drawVegaChart.js';

/**
 * Loads the chart drawing code (vega and its parts, ~540 KB) in stages, one task each, so no
 * single task evaluates all of it (docs/bench.md, long tasks: that was a 78-146 ms `v8.evaluateModule` on the
 * first chart of a page). Vega is a bundle of packages; each stage evaluates a few of them in
 * dependency order, and a module evaluated once is not evaluated again when `vega` imports it.
 */
const STAGES: (() => Promise<unknown>)[] = [
  () => Promise.all([import('vega-util'), import('vega-statistics'), import('vega-time')]),
  () => Promise.all([import('vega-format'), import('vega-loader')]),
  () => import('vega-dataflow'),
  () => import('vega-scale'),
  () => import('vega-scenegraph'),
  () => Promise.all([import('vega-expression'), import('vega-event-selector'), import('vega-selections')]),
  () => import('vega-functions'),
  () => import('vega-transforms'),
  () => Promise.all([import('vega-view-transforms'), import('vega-encode')]),
  () => Promise.all([import('vega-projection'), import('vega-geo')]),
  () =>
    Promise.all([
      import('vega-force'),
      import('vega-hierarchy'),
      import('vega-label'),
      import('vega-regression'),
      import('vega-voronoi'),
      import('vega-wordcloud'),
      import('vega-crossfilter'),
    ]),
  () => Promise.all([import('vega-runtime'), import('vega-parser')]),
  () => import('vega-view'),
];

let loading: Promise<typeof ChartDrawing> | null = null;

/** drawVegaChart's module, once vega is evaluated; the first call starts the stages. */
export function loadChartDrawing(): Promise<typeof ChartDrawing> {
  loading ??= (async () => {
    for (const stage of STAGES) {
      await stage();
      await nextTask();
    }
    return import('./drawVegaChart.js');
  })();
  return loading;
}
