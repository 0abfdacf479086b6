import { describe, expect, it } from 'vitest';
import { compile, type TopLevelSpec } from 'vega-lite';
import { overlayPrevious } from './previousOverlay.js';

const x = { field: 'sale_date', type: 'temporal' };

describe('overlayPrevious', () => {
  it('layers a dashed "Previous period" line reading <measure>__previous over a one-measure line', () => {
    const spec = {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      mark: { type: 'line', point: true },
      encoding: { x, y: { field: 'revenue', type: 'quantitative' } },
    };
    const out = overlayPrevious(spec, ['revenue']) as { layer: { encoding: Record<string, unknown> }[] };
    expect(out.layer).toHaveLength(2);
    expect(out.layer[1]!.encoding.y).toEqual({ field: 'revenue__previous', type: 'quantitative' });
    expect(out.layer[1]!.encoding.strokeDash).toMatchObject({ datum: 'Previous period' });
    // Valid Vega-Lite: it compiles, with the legend entry.
    expect(JSON.stringify(compile(out as TopLevelSpec).spec)).toContain('Previous period');
  });

  it('folds the previous fields of a folded chart and names them back, so colours match', () => {
    const spec = {
      transform: [
        { fold: ['a', 'b'], as: ['measure', 'value'] },
        { calculate: 'datum.measure', as: 'label' },
      ],
      mark: 'line',
      encoding: { x, y: { field: 'value', type: 'quantitative' }, color: { field: 'label' } },
    };
    const out = overlayPrevious(spec, ['a', 'b']) as { layer: { transform: object[] }[] };
    expect(out.layer[1]!.transform).toEqual([
      { fold: ['a__previous', 'b__previous'], as: ['measure', 'value'] },
      { calculate: `replace(datum["measure"], '__previous', '')`, as: 'measure' },
      { calculate: 'datum.measure', as: 'label' },
    ]);
    expect(() => compile(out as TopLevelSpec)).not.toThrow();
  });

  it('leaves layered specs and specs without a measure alone', () => {
    const layered = { layer: [] };
    expect(overlayPrevious(layered, ['a'])).toBe(layered);
    const dims = { mark: 'bar', encoding: { x, y: { field: 'channel' } } };
    expect(overlayPrevious(dims, ['a'])).toBe(dims);
  });
});
