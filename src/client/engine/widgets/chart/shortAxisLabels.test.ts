import { parse, View } from 'vega';
import { describe, expect, it } from 'vitest';
import { formatInteger, formatShort, type NumberStyle } from '../../../../shared/format/index.js';
import { shortAxisLabelExpr } from './shortAxisLabels.js';

/** The labels Vega itself makes of `values` with the expression (its format(), abs(), datum). */
async function labels(style: NumberStyle, values: number[]): Promise<string[]> {
  const view = new View(
    parse({
      data: [
        {
          name: 'ticks',
          values: values.map((value) => ({ value, label: formatInteger(value, style) })),
          transform: [{ type: 'formula', expr: shortAxisLabelExpr(style), as: 'short' }],
        },
      ],
    }),
    { renderer: 'none' },
  );
  await view.runAsync();
  return (view.data('ticks') as { short: string }[]).map((d) => d.short);
}

describe('short axis labels', () => {
  it('print large values in the short form the tiles use, per number style', async () => {
    const large = [1000, 2500, 10_000_000, 12_345_678, 2_500_000_000];
    for (const style of ['international', 'indian'] as const)
      expect(await labels(style, large), style).toEqual(large.map((v) => formatShort(v, style)));
    expect(await labels('international', [10_000_000, 750])).toEqual(['10m', '750']);
    expect(await labels('indian', [10_000_000])).toEqual(['1 Cr']);
  });
});
