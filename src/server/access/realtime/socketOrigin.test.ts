import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../platform/settings/env.js';
import { socketOriginAllowed } from './socketOrigin.js';

const handshake = (headers: Record<string, string | undefined>) =>
  ({ headers }) as unknown as IncomingMessage;
const env = loadEnv({ PORT: '3000', PUBLIC_URL: 'https://shelf.example.com' });

describe('socketOriginAllowed', () => {
  it('lets a handshake from the public address or the host it was sent to go on', () => {
    expect(socketOriginAllowed(handshake({ origin: 'https://shelf.example.com', host: 'x' }), env)).toBe(
      true,
    );
    expect(
      socketOriginAllowed(handshake({ origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' }), env),
    ).toBe(true);
    expect(socketOriginAllowed(handshake({ host: 'shelf.example.com' }), env)).toBe(true);
  });

  it('refuses another site, a lookalike, another port, an opaque or malformed origin', () => {
    const refused = [
      { origin: 'https://attacker.example', host: 'shelf.example.com' },
      { origin: 'https://shelf.example.com.attacker.example', host: 'shelf.example.com' },
      { origin: 'http://shelf.example.com', host: 'shelf.example.com:3000' },
      { origin: 'null', host: 'shelf.example.com' },
      { origin: 'file://shelf.example.com', host: 'shelf.example.com' },
      { origin: 'https://attacker.example' },
    ];
    for (const headers of refused)
      expect(socketOriginAllowed(handshake(headers), env), headers.origin).toBe(false);
  });
});
