import { hmac, safeEqual } from './secrets.js';

/** A share-link token: the link id and expiry, signed with the server key. The store decides revocation. */
export interface ShareClaims {
  /** share_links.id */
  l: number;
  /** expiry, epoch seconds */
  e: number;
}

export function signShareToken(key: Buffer, claims: ShareClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${hmac(key, `share:${payload}`)}`;
}

/** The claims when the signature holds and the token has not expired; null otherwise. */
export function verifyShareToken(key: Buffer, token: string): ShareClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, hmac(key, `share:${payload}`))) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<ShareClaims>;
    if (typeof claims.l !== 'number' || typeof claims.e !== 'number') return null;
    if (claims.e * 1000 <= Date.now()) return null;
    return { l: claims.l, e: claims.e };
  } catch {
    return null;
  }
}
