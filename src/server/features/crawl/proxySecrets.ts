import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { BadRequestError } from '../../../shared/errors.js';

/**
 * Proxy endpoints at rest: a channel profile's `crawl_settings.proxies` may carry credentials
 * (`http://user:secret@host:port`), so each is stored sealed, AES-256-GCM under a key derived
 * (HKDF-SHA256) from CRAWL_PROXY_KEY, a fresh IV per value, the profile's group as additional
 * data (a value copied into another group's profile does not open). Stored as
 * `sealed:v1.<iv>.<tag>.<ciphertext>` (base64url); the key is set once at start (`configureProxyKey`).
 */
const PREFIX = 'sealed:v1.';
let key: Buffer | null = null;

export function configureProxyKey(secret: string): void {
  key =
    secret === '' ? null : Buffer.from(hkdfSync('sha256', secret, 'shelfscope', 'crawl-proxy-endpoints', 32));
}

export const isSealedProxy = (value: string): boolean => value.startsWith(PREFIX);

export const proxyKeyMissing =
  'Set CRAWL_PROXY_KEY to store proxy endpoints (their credentials are kept encrypted).';

/** An endpoint sealed for the group's profile; without a key a 400 (nothing is stored in the clear). */
export function sealProxy(plain: string, groupId: number): string {
  if (!key) throw new BadRequestError(proxyKeyMissing);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`group:${groupId}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** A stored endpoint as the crawler uses it (an unsealed one, from before sealing, as it is). */
export function openProxy(stored: string, groupId: number): string {
  if (!isSealedProxy(stored)) return stored;
  if (!key) throw new Error(proxyKeyMissing);
  const [iv, tag, body] = stored.slice(PREFIX.length).split('.');
  if (!iv || !tag || body === undefined) throw new Error('Unreadable sealed proxy endpoint');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`group:${groupId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** An endpoint as a screen or the audit may show it: host and port, never its credentials. */
export function maskProxy(plain: string): string {
  try {
    const url = new URL(plain);
    return `${url.protocol}//${url.username ? '***@' : ''}${url.host}`;
  } catch {
    return '***';
  }
}
