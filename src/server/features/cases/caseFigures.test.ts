import { describe, expect, it } from 'vitest';
import { howText, trendText } from './caseFigures.js';

describe('inbox figures', () => {
  it('group rupees and numbers in How as the grids do', () => {
    const how = howText(
      [
        { label: 'Lost units', value: 1204.5, format: 'plain' },
        { label: 'Price', value: 275.05, format: 'currency' },
        { label: 'Share', value: 0.12345, format: 'plain' },
        { label: 'Days', value: null, format: 'plain' },
      ],
      331290.73,
    );
    expect(how).toBe('Lost units 1,204.50 x Price ₹275.05 x Share 0.1235 x Days unknown = ₹331,291');
    expect(howText([], null)).toBe(' = not enough history');
  });

  it('writes the trend in the same rupees', () => {
    expect(trendText(331290.73, 300000)).toBe('▲ ₹31,291');
    expect(trendText(100, 900.5)).toBe('▼ ₹800.50');
    expect(trendText(100, 100.2)).toBe('= steady');
    expect(trendText(100, null)).toBe('new');
  });
});
