import { describe, expect, it } from 'vitest';
import { jsonDepth } from './jsonBody.js';

describe('jsonDepth', () => {
  it('counts nested arrays and objects', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('[[],[[]]]')).toBe(3);
  });
  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDepth('{"a":"[[[{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[["}')).toBe(1);
    expect(jsonDepth('["\\\\",[]]')).toBe(2);
  });
  it('stops once past the limit', () => {
    expect(jsonDepth('['.repeat(10_000), 5)).toBe(6);
  });
});
