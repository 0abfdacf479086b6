import { describe, expect, it } from 'vitest';
import { groupDigits } from './groupDigits.js';
import { NUMBER_STYLES, type NumberStyle } from './numberStyle.js';

const formatter = (style: NumberStyle, digits: number) =>
  new Intl.NumberFormat(NUMBER_STYLES[style].locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

describe('groupDigits prints what Intl.NumberFormat prints, without it', () => {
  it('groups lakh/crore and thousands', () => {
    expect(groupDigits(10576363, 'indian', 0)).toBe('1,05,76,363');
    expect(groupDigits(10576363, 'international', 0)).toBe('10,576,363');
    expect(groupDigits(-1234.5, 'indian', 2)).toBe('-1,234.50');
    expect(groupDigits(999.995, 'international', 2)).toBe(formatter('international', 2).format(999.995));
  });

  it('agrees with Intl on edge values and 20,000 random ones, both styles, 0 and 2 decimals', () => {
    const values = [
      0, -0, 0.004, -0.004, 0.005, 1.005, 2.675, 999, 1000, 99999.995, 100000, 1e15, 1e20, 1e21, 1e22, -1e21,
    ];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 20000; i++) {
      const scale = 10 ** Math.floor(random() * 16 - 3);
      values.push((random() - 0.3) * scale, Math.round(random() * scale) / 100);
    }
    const differ: string[] = [];
    for (const style of ['indian', 'international'] as const)
      for (const digits of [0, 1, 2]) {
        // One formatter per style and digits: one per value made this comparison take 23 s.
        const intl = formatter(style, digits);
        for (const n of values) {
          const [ours, theirs] = [groupDigits(n, style, digits), intl.format(n)];
          if (ours !== theirs) differ.push(`${n} ${style} ${digits}: ${ours} <> ${theirs}`);
        }
      }
    expect(differ).toEqual([]);
  });
});

describe('groupDigits from 1e21 on', () => {
  it('leaves exponential-sized numbers to Intl', () => {
    expect(groupDigits(1e21, 'international', 0)).toBe('1,000,000,000,000,000,000,000');
    expect(groupDigits(-Infinity, 'indian', 2)).toBe('-∞');
  });
});
