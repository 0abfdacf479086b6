import { describe, expect, it } from 'vitest';
import { MSG, OTP_PATTERN, isEmail, passwordProblem } from './accessRules.js';

describe('password rule (docs/product-spec.md §5)', () => {
  it('needs 8-30 characters with a digit, an uppercase letter and a special character', () => {
    expect(passwordProblem('Demo@2026!')).toBeNull();
    for (const bad of ['De@1', 'demo@2026!', 'Demo2026', 'Demo@abcd', `Demo@1${'x'.repeat(25)}`]) {
      expect(passwordProblem(bad)).toBe(MSG.passwordRule);
    }
    expect(passwordProblem(`Demo@1${'x'.repeat(24)}`)).toBeNull();
  });

  it('needs the confirmation to match', () => {
    expect(passwordProblem('Demo@2026!', 'Demo@2026?')).toBe('Password and Confirm password must be same');
  });
});

describe('OTP and e-mail shapes', () => {
  it('accepts exactly 6 digits', () => {
    expect(OTP_PATTERN.test('012345')).toBe(true);
    expect(OTP_PATTERN.test('12345')).toBe(false);
    expect(OTP_PATTERN.test('12345a')).toBe(false);
  });

  it('accepts ordinary addresses, the demo one included', () => {
    expect(isEmail('demo@shelfscope.test')).toBe(true);
    expect(isEmail('first.last@mail.example.com')).toBe(true);
    expect(isEmail('no-at-sign.com')).toBe(false);
    expect(isEmail('a@b')).toBe(false);
  });
});

describe('password and e-mail edges', () => {
  it('exactly 8 characters is long enough; a matching confirmation passes', () => {
    expect(passwordProblem('Abcdef1!')).toBeNull();
    expect(passwordProblem('Abcdef1!', 'Abcdef1!')).toBeNull();
    expect(passwordProblem('Abcdef1!', 'Abcdef1?')).toBe('Password and Confirm password must be same');
  });

  it('spaces around an address do not matter', () => {
    expect(isEmail('  ops@acme.com ')).toBe(true);
  });
});
