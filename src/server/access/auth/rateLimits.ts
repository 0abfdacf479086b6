import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../../shared/errors.js';
import { MSG } from '../../../shared/auth/accessRules.js';
import { TRUST_COOKIE } from './cookies.js';

/**
 * Per-route limits (@fastify/rate-limit route config). Keys are the target (user name, e-mail,
 * login session), not the address: behind trustProxy a client can choose its own X-Forwarded-For,
 * so an address-keyed limit could be walked around.
 */
function field(request: FastifyRequest, name: string): string {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

const errorResponseBuilder = () => new TooManyRequestsError(MSG.tooMany);

/** Credential guessing: `perName` (LOGIN_ATTEMPTS_PER_NAME, 10) tries per 5 minutes per user name. */
export const loginLimit = (perName: number) => ({
  max: perName,
  timeWindow: 5 * 60_000,
  keyGenerator: (r: FastifyRequest) => `login:${field(r, 'username') || field(r, 'user_name') || r.ip}`,
  // A browser with a trust cookie is not held by the per-name limit, so an attack on the name cannot
  // lock its owner out; a forged cookie gains nothing: the account budget (accountBudget.ts) pauses
  // the account for every browser but a truly trusted one.
  allowList: (r: FastifyRequest) => Boolean(r.cookies[TRUST_COOKIE]),
  errorResponseBuilder,
});

/** Code guessing is also capped per code (5 attempts); this caps the endpoint per login. */
export const otpLimit = {
  max: 10,
  timeWindow: 5 * 60_000,
  keyGenerator: (r: FastifyRequest) => `otp:${r.cookies.sid ?? r.ip}`,
  errorResponseBuilder,
};

export const resendLimit = {
  max: 5,
  timeWindow: 10 * 60_000,
  keyGenerator: (r: FastifyRequest) => `resend:${r.cookies.sid ?? r.ip}`,
  errorResponseBuilder,
};

/** Mail bombing: 5 per 15 minutes per e-mail address. */
export const forgotLimit = {
  max: 5,
  timeWindow: 15 * 60_000,
  keyGenerator: (r: FastifyRequest) => `forgot:${field(r, 'email') || r.ip}`,
  errorResponseBuilder,
};
