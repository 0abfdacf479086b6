import { describe, expect, it } from 'vitest';
import { isNearBottom, shouldCollapse } from './scrollAndLayout.js';

describe('filter list behaviour (docs/product-spec.md §4, §5)', () => {
  it('scroll-to-load triggers within 2 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 98, scrollHeight: 200, clientHeight: 100 })).toBe(true);
    expect(isNearBottom({ scrollTop: 97, scrollHeight: 200, clientHeight: 100 })).toBe(false);
  });

  it('checkbox/radio filters with 7+ options collapse at widths <= 1199 px', () => {
    expect(shouldCollapse(1199, 7)).toBe(true);
    expect(shouldCollapse(1200, 7)).toBe(false);
    expect(shouldCollapse(1000, 6)).toBe(false);
  });
});
