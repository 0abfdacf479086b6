import { describe, expect, it } from 'vitest';
import { loadConfigSnapshot } from '../src/server/language/config/loadConfigRegistry.js';

/**
 * What an analyst reads in the product's config: no grid shows two columns under one title, and
 * sales figures that hold uploaded (reported) rows are never labelled as estimates.
 */
const config = loadConfigSnapshot('screens');

interface Labelled {
  id: string;
  label?: string;
}

describe('grid headers and sales labels', () => {
  it('gives every column of a grid its own title', () => {
    const twins: string[] = [];
    for (const [name, screen] of config.screens) {
      const dataset = screen.dataset ? config.datasets.get(screen.dataset) : undefined;
      const labels = new Map<string, string>();
      for (const m of (dataset?.measures ?? []) as Labelled[]) if (m.label) labels.set(m.id, m.label);
      for (const d of (dataset?.dimensions ?? []) as Labelled[]) if (d.label) labels.set(d.id, d.label);
      for (const widget of screen.widgets ?? []) {
        if (widget.kind !== 'grid') continue;
        // A change column is titled "<measure> vs previous" (DataGrid.tsx).
        const titles = widget.columns.map((c) =>
          (
            c.header ?? `${labels.get(c.field) ?? c.field}${c.kind === 'change' ? ' vs previous' : ''}`
          ).toUpperCase(),
        );
        const seen = titles.filter((t, i) => titles.indexOf(t) !== i);
        if (seen.length) twins.push(`${name}#${widget.id}: ${seen.join(', ')}`);
      }
    }
    expect(twins).toEqual([]);
  });

  it('labels "(est.)" only the sales figures that are estimates alone', () => {
    const sales = config.datasets.get('sales')!;
    const estimated = (
      sales.measures as (Labelled & { kind: string; where?: { column: string; equals: unknown } })[]
    )
      .filter((m) => /\(est\.\)/.test(m.label ?? ''))
      .map((m) => [
        m.id,
        // Lost sales are a model's estimate whatever the units behind them (docs/metrics.md).
        m.kind === 'lostSales' ||
          (m.kind === 'sumIf' && m.where?.column === 'is_estimate' && m.where.equals === 1),
      ]);
    expect(estimated.length).toBeGreaterThan(0);
    expect(estimated.filter(([, alone]) => !alone)).toEqual([]);
  });
});
