import { describe, expect, it } from 'vitest';
import { overlayValue, setOverlayValue } from './overlayDraft.js';

describe('overlay draft', () => {
  it('sets nested values and prunes what is emptied', () => {
    let o = setOverlayValue({}, ['screens', 'stock/kpi', 'title'], 'Shelf');
    o = setOverlayValue(o, ['screens', 'stock/kpi', 'filters', 'tag_id', 'hidden'], true);
    expect(o).toEqual({
      screens: { 'stock/kpi': { title: 'Shelf', filters: { tag_id: { hidden: true } } } },
    });
    expect(overlayValue(o, ['screens', 'stock/kpi', 'title'])).toBe('Shelf');
    o = setOverlayValue(o, ['screens', 'stock/kpi', 'filters', 'tag_id', 'hidden'], false);
    o = setOverlayValue(o, ['screens', 'stock/kpi', 'title'], '');
    expect(o).toEqual({});
  });
});
