import { useMemo } from 'react';
import { VegaEmbed } from 'react-vega';
import type { EmbedOptions, Result, VisualizationSpec } from 'vega-embed';
import { chartNumberLocale, type NumberStyle } from '../../../../shared/format/index.js';
import { SERIES_COLORS } from '../../../../shared/vocab/index.js';
import { dailyTickConfig } from './dailyTicks.js';
import { withMeaningfulColors } from './seriesColors.js';

interface Props {
  spec: Record<string, unknown>;
  rows: Record<string, unknown>[];
  height?: number | undefined;
  title?: string | undefined;
  numberStyle: NumberStyle;
  currencySymbol: string;
}

/**
 * The Vega-Lite renderer; imported only through React.lazy so the login route never loads Vega.
 * react-vega 8 re-embeds on a new spec object, so the spec is memoised on its inputs and the rows
 * travel inside it (no `data` prop in v8).
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
      }) as VisualizationSpec,
    [spec, rows, height],
  );
  const options = useMemo<EmbedOptions>(
    () => ({
      mode: 'vega-lite',
      // Save as PNG / SVG only: the source and editor links would send users to another site.
      actions: { export: { png: true, svg: true }, source: false, compiled: false, editor: false },
      downloadFileName: fileName(title),
      // Axis and tooltip numbers group digits like the tiles and grids (the user's number style).
      formatLocale: chartNumberLocale(numberStyle, currencySymbol),
    }),
    [title, numberStyle, currencySymbol],
  );
  return <VegaEmbed className="ss-chart" spec={full} options={options} onEmbed={nameActionsMenu} />;
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
