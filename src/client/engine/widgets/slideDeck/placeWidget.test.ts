import { describe, expect, it } from 'vitest';
import type { Slide } from '../../../../shared/config.gen.js';
import { nextWidgetId, placeWidget, removeWidget } from './placeWidget.js';

const empty: Slide = { kind: 'slide', title: 'S', widgets: [], layout: [] };
const w = (id: string) => ({
  kind: 'slideWidget' as const,
  id,
  screen: 'stock/kpi',
  widget: 'tiles',
  filters: '',
});

describe('slide grid placement', () => {
  it('fills a row of twelfths, then starts a new one', () => {
    let s = placeWidget(empty, w('w1'), 6);
    s = placeWidget(s, w('w2'), 6);
    s = placeWidget(s, w('w3'), 8);
    expect(s.layout).toEqual([
      { kind: 'row', widgets: ['w1', 'w2'], widths: [6, 6] },
      { kind: 'row', widgets: ['w3'], widths: [8] },
    ]);
    expect(nextWidgetId(s)).toBe('w4');
  });

  it('removes a widget and an emptied row', () => {
    let s = placeWidget(placeWidget(empty, w('w1'), 12), w('w2'), 6);
    s = removeWidget(s, 'w1');
    expect(s.layout).toEqual([{ kind: 'row', widgets: ['w2'], widths: [6] }]);
    expect(s.widgets.map((x) => x.id)).toEqual(['w2']);
  });
});
