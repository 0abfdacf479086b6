import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../../shared/errors.js';
import type { Env } from '../../platform/settings/env.js';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, VIEWER_HEADER, setCsrfCookie } from './cookies.js';
import { randomToken, safeEqual } from './secrets.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers metadata of a share token to a framed viewer, whose third-party frame may hold no cookies. */
const EXEMPT = new Set(['/api/v1/paxviz/tokenVerify']);

export const CSRF_MESSAGE = 'Invalid CSRF token';

/**
 * Double-submit CSRF check (throws the 403). A cross-site page can make the browser send our cookies but cannot
 * read the csrf cookie to echo it in a header. A request with a viewer token and no session
 * cookie carries no ambient credential, so there is nothing to forge.
 */
export function csrfCheck(env: Env) {
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) setCsrfCookie(reply, env, randomToken());
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (EXEMPT.has(path)) return;
    if (request.headers[VIEWER_HEADER] && !request.cookies[SESSION_COOKIE]) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(header, cookie))
      throw new ForbiddenError(CSRF_MESSAGE);
  };
}
