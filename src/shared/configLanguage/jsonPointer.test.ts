import { describe, expect, it } from 'vitest';
import { pointer, pointerToken } from './jsonPointer.js';

describe('JSON pointers', () => {
  it('escapes every ~ and / in a token (RFC 6901)', () => {
    expect(pointerToken('a~b/c~d/e')).toBe('a~0b~1c~0d~1e');
    expect(pointerToken(3)).toBe('3');
  });

  it('joins tokens, each after a slash', () => {
    expect(pointer('filters', 2, 'use')).toBe('/filters/2/use');
    expect(pointer('a/b')).toBe('/a~1b');
    expect(pointer()).toBe('');
  });
});
