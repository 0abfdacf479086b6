import { afterEach, describe, expect, it, vi } from 'vitest';
import { signShareToken, verifyShareToken } from './shareToken.js';

const KEY = Buffer.from('k'.repeat(48));
const OTHER_KEY = Buffer.from('o'.repeat(48));
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

afterEach(() => {
  vi.useRealTimers();
});

describe('share-link tokens', () => {
  it('verify to their claims under the key that signed them', () => {
    const claims = { l: 42, e: inAnHour() };
    expect(verifyShareToken(KEY, signShareToken(KEY, claims))).toEqual(claims);
  });

  it('are refused under another key', () => {
    expect(verifyShareToken(OTHER_KEY, signShareToken(KEY, { l: 42, e: inAnHour() }))).toBeNull();
  });

  it('are refused once expired, to the second', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifyShareToken(KEY, signShareToken(KEY, { l: 1, e: now - 1 }))).toBeNull();
    expect(verifyShareToken(KEY, signShareToken(KEY, { l: 1, e: now }))).toBeNull();
  });

  it('die at the first millisecond of their expiry second, not one later', () => {
    const e = 1_900_000_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(e * 1000 - 1);
    expect(verifyShareToken(KEY, signShareToken(KEY, { l: 1, e }))).toEqual({ l: 1, e });
    vi.setSystemTime(e * 1000);
    expect(verifyShareToken(KEY, signShareToken(KEY, { l: 1, e }))).toBeNull();
  });

  it('are refused when the payload is swapped for another link, keeping the signature', () => {
    const [, signature] = signShareToken(KEY, { l: 1, e: inAnHour() }).split('.');
    const otherPayload = Buffer.from(JSON.stringify({ l: 2, e: inAnHour() })).toString('base64url');
    expect(verifyShareToken(KEY, `${otherPayload}.${signature}`)).toBeNull();
  });

  it('are refused when malformed: missing or extra parts, claims of the wrong type, not JSON', () => {
    const token = signShareToken(KEY, { l: 1, e: inAnHour() });
    const [payload, signature] = token.split('.');
    expect(verifyShareToken(KEY, '')).toBeNull();
    expect(verifyShareToken(KEY, payload!)).toBeNull();
    expect(verifyShareToken(KEY, `.${signature}`)).toBeNull();
    expect(verifyShareToken(KEY, `${token}.x`)).toBeNull();
    // Signed by the right key but not the claims a share link carries.
    const stringId = signShareToken(KEY, { l: '1', e: inAnHour() } as never);
    expect(verifyShareToken(KEY, stringId)).toBeNull();
    const noExpiry = signShareToken(KEY, { l: 1 } as never);
    expect(verifyShareToken(KEY, noExpiry)).toBeNull();
  });

  it('carry only the link id and expiry, whatever else was signed', () => {
    const claims = { l: 7, e: inAnHour(), admin: true } as never;
    expect(verifyShareToken(KEY, signShareToken(KEY, claims))).toEqual({
      l: 7,
      e: (claims as { e: number }).e,
    });
  });
});
