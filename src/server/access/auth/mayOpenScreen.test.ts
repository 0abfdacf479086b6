import { describe, expect, it } from 'vitest';
import { mayOpenScreen } from './mayOpenScreen.js';

const activities = new Set(['stock/kpi', 'stock/data']);

describe('mayOpenScreen', () => {
  it('opens the screens the activities grant, and no other', () => {
    expect(mayOpenScreen({ activities }, 'stock/kpi')).toBe(true);
    expect(mayOpenScreen({ activities, readMode: null }, 'price/kpi')).toBe(false);
  });

  it('opens only the shared screen in read mode, whatever the activities', () => {
    const readMode = { viewId: 1, menuId: 2, screen: 'price/kpi' };
    expect(mayOpenScreen({ activities, readMode }, 'price/kpi')).toBe(true);
    expect(mayOpenScreen({ activities, readMode }, 'stock/kpi')).toBe(false);
  });
});
