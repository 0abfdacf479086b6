import { useEffect, useMemo, useRef, useState } from 'react';
import { VegaEmbed } from 'react-vega';
import { View, type Spec } from 'vega';
import type { EmbedOptions, Result } from 'vega-embed';
import { compile, type TopLevelSpec } from 'vega-lite';
import { chartNumberLocale, type NumberStyle } from '../../../../shared/format/index.js';
import { SERIES_COLORS } from '../../../../shared/vocab/index.js';
import { dailyTickConfig } from './dailyTicks.js';
import { withMeaningfulColors } from './seriesColors.js';
import { nextTask, takeTurn } from './chartTurns.js';

interface Props {
  spec: Record<string, unknown>;
  rows: Record<string, unknown>[];
  height?: number | undefined;
  title?: string | undefined;
  numberStyle: NumberStyle;
  currencySymbol: string;
}

/**
 * Draws the chart one task after Vega has parsed it: vega-embed parses the spec and builds the
 * view, then calls runAsync, whose dataflow and first draw now start in a new task.
 */
class DrawInNextTask extends View {
  private waited = false;
  override async runAsync(...args: Parameters<View['runAsync']>): Promise<View> {
    if (!this.waited) {
      this.waited = true;
      await nextTask();
    }
    return super.runAsync(...args);
  }
}

/**
 * The Vega-Lite renderer; imported only through React.lazy so the login route never loads Vega.
 * react-vega 8 re-embeds on a new spec object, so the spec is memoised on its inputs and the rows
 * travel inside it (no `data` prop in v8).
 * Charts take turns (chartTurns.ts), each step in a task of its own: Vega-Lite's compile, then
 * Vega's parse, then the dataflow and first draw (DrawInNextTask); the next chart starts when this
 * one is drawn.
 */
export default function VegaChart({ spec, rows, height, title, numberStyle, currencySymbol }: Props) {
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
          range: { category: SERIES_COLORS },
          view: { stroke: null },
          ...dailyTickConfig(spec, rows),
        },
        ...withMeaningfulColors(spec, rows),
        data: { values: rows },
      }) as TopLevelSpec,
    [spec, rows, height],
  );
  const [compiled, setCompiled] = useState<{ from: TopLevelSpec; vega: Spec } | null>(null);
  const release = useRef<(() => void) | null>(null);
  useEffect(() => {
    let live = true;
    void takeTurn().then((done) => {
      release.current = done;
      if (!live) return done();
      try {
        setCompiled({ from: full, vega: compile(full).spec });
      } catch (error) {
        console.error('Chart spec does not compile', error);
        done();
      }
    });
    return () => {
      live = false;
      release.current?.();
      release.current = null;
    };
  }, [full]);
  const options = useMemo<EmbedOptions>(
    () => ({
      // Compiled above, in its own task; vega-embed only parses and draws.
      mode: 'vega',
      // vega-embed turns hover on for Vega specs, never for Vega-Lite ones: keep the Vega-Lite default.
      hover: false,
      viewClass: DrawInNextTask,
      // Save as PNG / SVG only: the source and editor links would send users to another site.
      actions: { export: { png: true, svg: true }, source: false, compiled: false, editor: false },
      downloadFileName: fileName(title),
      // Axis and tooltip numbers group digits like the tiles and grids (the user's number style).
      formatLocale: chartNumberLocale(numberStyle, currencySymbol),
    }),
    [title, numberStyle, currencySymbol],
  );
  const handOn = () => {
    release.current?.();
    release.current = null;
  };
  // Until its turn the chart keeps its place (same box), so the card does not jump.
  if (compiled?.from !== full)
    return <div className="ss-chart ss-chart-loading" style={{ minHeight: height ?? 260 }} />;
  return (
    <VegaEmbed
      className="ss-chart"
      spec={compiled.vega}
      options={options}
      onEmbed={(result) => {
        nameActionsMenu(result);
        handOn();
      }}
      onError={handOn}
    />
  );
}

/** vega-embed's actions menu is an icon-only <summary>: give it a name screen readers can say. */
function nameActionsMenu(result: Result): void {
  const root = result.view.container();
  const summary = root?.querySelector('summary') ?? root?.parentElement?.querySelector('summary');
  summary?.setAttribute('aria-label', 'Chart actions: save as PNG or SVG');
}

function fileName(title: string | undefined): string {
  return (
    (title ?? 'chart')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'chart'
  );
}
