import { describe, expect, it } from 'vitest';
import { SOCKET_AUTH_FAIL, SOCKET_ERROR, SOCKET_PATH } from './realtimeEvents.js';

describe('the realtime socket contract', () => {
  it('socket.io path and the spec’s connection messages', () => {
    expect(SOCKET_PATH).toBe('/socket.io');
    expect(SOCKET_ERROR).toBe('Unable to connect');
    expect(SOCKET_AUTH_FAIL).toBe('Unable to connect, please login again');
  });
});
