import { describe, expect, it } from 'vitest';
import { howText, trendText } from './caseFigures.js';
import { weeklyCasesMail } from './caseMail.js';
import type { CaseRow } from './caseRepo.js';

const factors = [
  { label: 'Lost units', value: 1204.5, format: 'plain' },
  { label: 'Price', value: 275.05, format: 'currency' },
  { label: 'Share', value: 0.12345, format: 'plain' },
  { label: 'Days', value: null, format: 'plain' },
] as const;

describe('inbox figures', () => {
  it("group rupees and numbers in How as the grids do, in the reader's number style", () => {
    expect(howText(factors, 331290.73, 'international')).toBe(
      'Lost units 1,204.50 x Price ₹275.05 x Share 0.1235 x Days unknown = ₹331,291',
    );
    expect(howText(factors, 331290.73, 'indian')).toBe(
      'Lost units 1,204.50 x Price ₹275.05 x Share 0.1235 x Days unknown = ₹3,31,291',
    );
    expect(howText([{ label: 'Units', value: 1234567.5, format: 'plain' }], 10, 'indian')).toBe(
      'Units 12,34,567.50 = ₹10.00',
    );
    expect(howText([], null, 'indian')).toBe(' = not enough history');
  });

  it('writes the trend in the same rupees', () => {
    expect(trendText(331290.73, 300000, 'international')).toBe('▲ ₹31,291');
    expect(trendText(3312900.73, 300000, 'indian')).toBe('▲ ₹30,12,901');
    expect(trendText(100, 900.5, 'indian')).toBe('▼ ₹800.50');
    expect(trendText(100, 100.2, 'indian')).toBe('= steady');
    expect(trendText(100, null, 'indian')).toBe('new');
  });

  it("writes the weekly mail's rupees as the inbox does, in the owner's number style", () => {
    const row = { rule_id: 'stock_out', title: 'Chips 50 g on Amazon', status: 'open' } as CaseRow;
    const cases = [
      { ...row, opportunity: 3594665.4 },
      { ...row, opportunity: 475.62 },
    ];
    const indian = weeklyCasesMail(cases, new Map(), 'https://shelfscope.test/', 'indian');
    expect(indian.subject).toBe('Shelfscope: 2 cases of yours, ₹35,95,141 at stake');
    expect(indian.text).toContain('- ₹35,94,665 · stock_out · Chips 50 g on Amazon');
    expect(indian.text).toContain('- ₹475.62 · stock_out');
    const international = weeklyCasesMail(cases, new Map(), 'https://shelfscope.test/', 'international');
    expect(international.subject).toBe('Shelfscope: 2 cases of yours, ₹3,595,141 at stake');
    expect(international.html).toContain('<li>₹3,594,665 · stock_out');
  });
});
