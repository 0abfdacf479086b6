import { describe, expect, it } from 'vitest';
import { defaultFilterState } from './defaults.js';

const TODAY = '2026-11-22';

describe('a screen’s default filter state', () => {
  it('opens on today with the default page size when the screen says nothing', () => {
    expect(defaultFilterState({}, TODAY)).toEqual({
      ...defaultFilterState({ datePreset: 'today' }, TODAY),
      limit: 10,
      offset: 0,
    });
    expect(defaultFilterState({}, TODAY)).toMatchObject({ start_date: TODAY, end_date: TODAY });
    expect(defaultFilterState({}, TODAY)).not.toHaveProperty('order_by');
    expect(defaultFilterState({}, TODAY)).not.toHaveProperty('order_type');
  });

  it('takes the pre-selected values and the default order', () => {
    const state = defaultFilterState(
      { values: { stock_status: [1] }, orderBy: 'brand', orderType: 'desc', limit: 25 },
      TODAY,
    );
    expect(state).toMatchObject({ stock_status: [1], order_by: 'brand', order_type: 'desc', limit: 25 });
  });
});
