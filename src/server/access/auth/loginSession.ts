import type { SessionRow } from '../../platform/store/storeDatabase.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's session row at any stage (OTP pending, group pending, active); the login
     * steps use it. `request.auth` is set only for active sessions with a group.
     */
    loginSession: SessionRow | null;
  }
}

export {};
