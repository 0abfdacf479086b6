import type { IncomingMessage } from 'node:http';
import { publicUrl, type Env } from '../../platform/settings/env.js';

/**
 * Whether a socket handshake may go on. The HTTP side refuses a cross-site write by its CSRF
 * token, which a handshake cannot carry; so a browser's handshake must come from a page of
 * this server: its Origin is the address users open (PUBLIC_URL) or the Host it was sent to.
 * A handshake without Origin is not a browser's (no ambient cookie to abuse) and goes on.
 */
export function socketOriginAllowed(request: IncomingMessage, env: Env): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    return false;
  }
  if (sent.origin === new URL(publicUrl(env)).origin) return true;
  const host = request.headers.host;
  return (
    host !== undefined && (sent.protocol === 'http:' || sent.protocol === 'https:') && sent.host === host
  );
}
