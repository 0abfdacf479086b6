import { describe, expect, it } from 'vitest';
import { escapeCell } from './formulaEscape.js';

describe('escapeCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd'])('quotes the formula lead of %j', (text) => {
    expect(escapeCell(text)).toBe(`'${text}`);
  });
  it('leaves other text, numbers and nulls alone', () => {
    expect(escapeCell('Amazon = best')).toBe('Amazon = best');
    expect(escapeCell(' =1')).toBe(' =1');
    expect(escapeCell('')).toBe('');
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell(null)).toBeNull();
  });
});
