import type { FastifyReply } from 'fastify';
import type { Env } from '../../platform/settings/env.js';

/** Cookie names and options in one place: the session, the CSRF double-submit and the trust marker. */
export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const TRUST_COOKIE = 'tb';
/** Read-mode (share link) viewers send their viewer session in this header instead of a cookie. */
export const VIEWER_HEADER = 'x-viewer-token';
export const SHARE_TOKEN_HEADER = 'x-share-token';

export const TRUST_DAYS = 30;

export function setSessionCookie(reply: FastifyReply, env: Env, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.COOKIE_SECURE,
  });
}

export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  void reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.COOKIE_SECURE,
  });
}

export function setTrustCookie(reply: FastifyReply, env: Env, token: string): void {
  void reply.setCookie(TRUST_COOKIE, token, {
    path: '/api/v1/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.COOKIE_SECURE,
    maxAge: TRUST_DAYS * 24 * 3600,
  });
}

/** Readable by the SPA (not HttpOnly): axios copies it into the x-csrf-token header. */
export function setCsrfCookie(reply: FastifyReply, env: Env, token: string): void {
  void reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: env.COOKIE_SECURE,
  });
}
