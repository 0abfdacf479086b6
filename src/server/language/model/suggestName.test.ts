import { describe, expect, it } from 'vitest';
import { closestName, editDistance, suggestName } from './suggestName.js';

describe('suggestName', () => {
  it('measures edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('proposes the closest name only when it is a likely typo', () => {
    expect(closestName('stocks', ['price', 'stock', 'sales'])).toBe('stock');
    expect(closestName('channel', ['brand_id', 'channel_id'])).toBe('channel_id');
    expect(closestName('Brand_ID', ['brand_id'])).toBe('brand_id');
    expect(closestName('revenue', ['in_stock', 'availability_pct'])).toBeNull();
  });

  it('lists the allowed names, sorted and truncated with a count', () => {
    expect(suggestName('stocks', ['stock', 'price'])).toBe('; did you mean "stock"? Allowed: price, stock');
    const many = Array.from({ length: 15 }, (_, i) => `m${String(i).padStart(2, '0')}`);
    expect(suggestName('zzzzzz', many)).toBe(
      '; allowed: m00, m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, … (3 more)',
    );
    expect(suggestName('x', [])).toBe(' (none is defined and valid)');
  });
});
