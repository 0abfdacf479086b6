import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../platform/settings/env.js';
import { loadSecretKey, randomToken, safeEqual, sha256 } from './secrets.js';

const env = (over: Partial<Env>) => ({ SECRET_KEY: '', DATA_DIR: '', ...over }) as Env;

describe('secrets', () => {
  it('random tokens are 256-bit, URL-safe and differ', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
  });

  it('sha256 is the hex digest', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('safeEqual is true only for the same string', () => {
    expect(safeEqual('same', 'same')).toBe(true);
    expect(safeEqual('same', 'sam3')).toBe(false);
    expect(safeEqual('same', 'same!')).toBe(false);
  });

  it('uses SECRET_KEY when set', () => {
    expect(loadSecretKey(env({ SECRET_KEY: 'x'.repeat(40) })).toString()).toBe('x'.repeat(40));
  });

  it('otherwise generates a key once into DATA_DIR/secret.key, readable by the owner only', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'secret-')), 'nested');
    const first = loadSecretKey(env({ DATA_DIR: dir }));
    const file = path.join(dir, 'secret.key');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(env({ DATA_DIR: dir })).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(first.toString());
  });

  it('creates every missing folder of DATA_DIR', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'secret-')), 'a', 'b', 'c');
    expect(loadSecretKey(env({ DATA_DIR: dir })).length).toBeGreaterThanOrEqual(32);
  });

  it('reads a key file of 32 characters, without its line end', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secret-'));
    writeFileSync(path.join(dir, 'secret.key'), `${'k'.repeat(32)}\n`);
    expect(loadSecretKey(env({ DATA_DIR: dir })).toString()).toBe('k'.repeat(32));
  });

  it('refuses a key file too short to be a key', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secret-'));
    writeFileSync(path.join(dir, 'secret.key'), 'short\n');
    expect(() => loadSecretKey(env({ DATA_DIR: dir }))).toThrow(/holds no usable key/);
  });
});
