import { describe, expect, it } from 'vitest';
import { extraWidgetSource } from './groupOverlay.js';

describe('extraWidgetSource', () => {
  const extra = { from: 'stock/kpi' };

  it("places a widget id on the extra screen's own `from`", () => {
    expect(extraWidgetSource(extra, 'tiles')).toEqual({ from: 'stock/kpi', widget: 'tiles' });
  });

  it("keeps another screen's widget where it names it", () => {
    const entry = { from: 'price/products', widget: 'grid' };
    expect(extraWidgetSource(extra, entry)).toEqual({ from: 'price/products', widget: 'grid' });
  });
});
