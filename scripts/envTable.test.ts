import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/server/platform/settings/env.js';

describe('settings', () => {
  it('a bad PORT stops with one clear line', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(
      new EnvError('PORT must be an integer 1-65535, got "abc"'),
    );
  });

  it('a bad URL or flag names the variable and the value', () => {
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(
      /^DATABASE_URL must be a URL \(postgres, postgresql\), got "mysql:\/\/x"$/,
    );
    expect(() => loadEnv({ DEMO_DATA: 'maybe' })).toThrow('DEMO_DATA must be true or false, got "maybe"');
  });

  it('defaults apply when nothing is set', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBe('');
  });

  it('TRUST_PROXY: off by default, true, or a list of proxy addresses; anything else is refused', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toBe('127.0.0.1, 10.0.0.0/8');
    expect(() => loadEnv({ TRUST_PROXY: 'everyone' })).toThrow(
      'TRUST_PROXY must be empty, true or a list of proxy addresses, got "everyone"',
    );
  });
});
