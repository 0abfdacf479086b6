import { useMemo } from 'react';
import { VegaEmbed } from 'react-vega';
import type { VisualizationSpec } from 'vega-embed';
import { dailyTickConfig } from './dailyTicks.js';

interface Props {
  spec: Record<string, unknown>;
  rows: Record<string, unknown>[];
  height?: number | undefined;
}

/**
 * The Vega-Lite renderer; imported only through React.lazy so the login route never loads Vega.
 * react-vega 8 re-embeds on a new spec object, so the spec is memoised on its inputs and the rows
 * travel inside it (no `data` prop in v8).
 */
export default function VegaChart({ spec, rows, height }: Props) {
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
          range: { category: ['#2f6fed', '#16a34a', '#dc2626', '#9ca3af', '#f59e0b', '#7c3aed'] },
          view: { stroke: null },
          ...dailyTickConfig(spec, rows),
        },
        ...spec,
        data: { values: rows },
      }) as VisualizationSpec,
    [spec, rows, height],
  );
  return <VegaEmbed className="ss-chart" spec={full} options={{ mode: 'vega-lite', actions: false }} />;
}
