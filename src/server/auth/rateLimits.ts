import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../shared/errors.js';
import { MSG } from '../../shared/auth/accessRules.js';

/** Per-route limits (@fastify/rate-limit route config). Keys combine the address with the target. */
function field(request: FastifyRequest, name: string): string {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

const errorResponseBuilder = () => new TooManyRequestsError(MSG.tooMany);

/** Credential guessing: 10 tries per 5 minutes per address and user name. */
export const loginLimit = {
  max: 10,
  timeWindow: 5 * 60_000,
  keyGenerator: (r: FastifyRequest) => `login:${r.ip}:${field(r, 'username') || field(r, 'user_name')}`,
  errorResponseBuilder,
};

/** Code guessing is also capped per code (5 attempts); this caps the endpoint per login. */
export const otpLimit = {
  max: 10,
  timeWindow: 5 * 60_000,
  keyGenerator: (r: FastifyRequest) => `otp:${r.ip}:${r.cookies.sid ?? ''}`,
  errorResponseBuilder,
};

export const resendLimit = {
  max: 5,
  timeWindow: 10 * 60_000,
  keyGenerator: (r: FastifyRequest) => `resend:${r.ip}:${r.cookies.sid ?? ''}`,
  errorResponseBuilder,
};

/** Mail bombing and address probing: 5 per 15 minutes per address and e-mail. */
export const forgotLimit = {
  max: 5,
  timeWindow: 15 * 60_000,
  keyGenerator: (r: FastifyRequest) => `forgot:${r.ip}:${field(r, 'email')}`,
  errorResponseBuilder,
};
