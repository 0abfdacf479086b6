import { describe, expect, it } from 'vitest';
import { SecretBox } from './secretBox.js';

const box = new SecretBox(Buffer.from('k'.repeat(40)));

describe('delivery credentials at rest', () => {
  it('round-trips, never stores the plain text, and a fresh IV makes each seal differ', () => {
    const a = box.seal('p@ss word', 7);
    const b = box.seal('p@ss word', 7);
    expect(a).not.toContain('p@ss');
    expect(a).not.toBe(b);
    expect(box.open(a, 7)).toBe('p@ss word');
  });

  it('refuses another group, another app secret and a changed byte', () => {
    const sealed = box.seal('secret', 7);
    expect(() => box.open(sealed, 8)).toThrow();
    expect(() => new SecretBox(Buffer.from('x'.repeat(40))).open(sealed, 7)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 7)).toThrow();
  });
});
