import { describe, expect, it } from 'vitest';
import { stockDataScreen } from '../fixtures/stockScreens.js';
import { screenDefaults } from './screenDefaults.js';

describe('screen defaults', () => {
  it('take the filter rules the config declares (the shared brand filter defaults attr_type_id)', () => {
    const defaults = screenDefaults(stockDataScreen);
    expect(defaults.rules?.suggestionDefaults).toEqual({ brand: { attr_type_id: 0 } });
    expect(defaults.rules?.links).toEqual([]);
    expect(defaults.limit).toBe(10);
  });
});
