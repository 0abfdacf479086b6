import { useEffect, useMemo, useRef, useState } from 'react';
import type { TopLevelSpec } from 'vega-lite';
import { chartNumberLocale, type NumberStyle } from '../../../../shared/format/index.js';
import { SERIES_COLORS } from '../../../../shared/vocab/index.js';
import { dailyTickConfig } from './dailyTicks.js';
import { shortAxisLabelExpr } from './shortAxisLabels.js';
import { withMeaningfulColors } from './seriesColors.js';
import { takeTurn } from './chartTurns.js';
import { compileVegaLite } from './compileVegaLite.js';
import type { DrawnChart } from './drawVegaChart.js';
import { loadChartDrawing } from './loadVega.js';

interface Props {
  spec: Record<string, unknown>;
  rows: Record<string, unknown>[];
  height?: number | undefined;
  title?: string | undefined;
  numberStyle: NumberStyle;
  currencySymbol: string;
  /** A click on a mark: its datum (a chart point drills to the rows behind it). */
  onPoint?: ((datum: Record<string, unknown>) => void) | undefined;
}

/**
 * The Vega-Lite renderer; imported only through React.lazy so the login route never loads Vega.
 * The spec is memoised on its inputs (the rows travel inside it) so a re-render does not redraw.
 * Vega-Lite is compiled in a Web Worker (compileVegaLite.ts); then charts take turns
 * (chartTurns.ts) for the main-thread steps, each in a task of its own: Vega's parse, the view,
 * the first draw (drawVegaChart.ts); the next chart starts when this one is drawn. Vega itself is
 * evaluated in stages, a task each (loadVega.ts).
 */
export default function VegaChart({
  spec,
  rows,
  height,
  title,
  numberStyle,
  currencySymbol,
  onPoint,
}: Props) {
  // Read at click time, so a new handler does not redraw the chart.
  const pointRef = useRef(onPoint);
  useEffect(() => {
    pointRef.current = onPoint;
  }, [onPoint]);
  const full = useMemo(
    () =>
      ({
        $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
        width: 'container',
        height: height ?? 260,
        autosize: { type: 'fit', contains: 'padding' },
        config: {
          font: 'Inter, system-ui, sans-serif',
          axis: { labelColor: '#5b6472', titleColor: '#3b4350', gridColor: '#eef0f3' },
          // Large values read as the tiles print them (10m, 1.06 Cr), not in full.
          axisQuantitative: { labelExpr: shortAxisLabelExpr(numberStyle) },
          range: { category: SERIES_COLORS },
          view: { stroke: null },
          ...dailyTickConfig(spec, rows),
        },
        ...withMeaningfulColors(spec, rows),
        data: { values: rows },
      }) as TopLevelSpec,
    [spec, rows, height, numberStyle],
  );
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let live = true;
    let chart: DrawnChart | null = null;
    let release: (() => void) | null = null;
    setDrawn(false);
    // The worker compiles while earlier charts draw; the turn is only for the main-thread steps.
    const vega = compileVegaLite(full);
    vega.catch(() => undefined);
    const drawing = loadChartDrawing();
    drawing.catch(() => undefined);
    void takeTurn().then(async (done) => {
      release = done;
      try {
        if (!live || !box.current) return;
        const [spec, { drawVegaChart }] = await Promise.all([vega, drawing]);
        if (!live || !box.current) return;
        chart = await drawVegaChart(box.current, spec, {
          fileName: fileName(title),
          numberLocale: chartNumberLocale(numberStyle, currencySymbol),
          live: () => live,
        });
        chart?.view.addEventListener('click', (_event, item) => {
          const datum = (item as { datum?: unknown } | null | undefined)?.datum;
          if (datum && typeof datum === 'object') pointRef.current?.(datum as Record<string, unknown>);
        });
        if (chart && live) setDrawn(true);
      } catch (error) {
        console.error('Chart spec does not compile', error);
      } finally {
        done();
      }
    });
    return () => {
      live = false;
      release?.();
      chart?.remove();
    };
  }, [full, title, numberStyle, currencySymbol]);
  // Until it is drawn the chart keeps its place (same box), so the card does not jump.
  return (
    <div
      ref={box}
      className={`${drawn ? 'ss-chart' : 'ss-chart ss-chart-loading'}${onPoint ? ' ss-chart--drill' : ''}`}
      style={drawn ? undefined : { minHeight: height ?? 260 }}
    />
  );
}

function fileName(title: string | undefined): string {
  return (
    (title ?? 'chart')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'chart'
  );
}
