import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../../platform/settings/env.js';

/** A random URL-safe token (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their sha256, so the store never holds a usable credential. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** SECRET_KEY, else a key generated once into DATA_DIR/secret.key (readable by the owner only). */
export function loadSecretKey(env: Env): Buffer {
  if (env.SECRET_KEY) return Buffer.from(env.SECRET_KEY, 'utf8');
  const file = path.resolve(env.DATA_DIR, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and linked into place: a kill mid-write never leaves an empty key behind.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, randomBytes(48).toString('base64url'), { mode: 0o600 });
    chmodSync(temp, 0o600);
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
  }
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key: remove it to generate a new one`);
  return Buffer.from(key, 'utf8');
}
