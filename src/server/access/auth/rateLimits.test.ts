import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { changePasswordLimit } from './changePassword.js';
import { forgotLimit, loginLimit, otpLimit, resendLimit } from './rateLimits.js';

const request = (over: { body?: unknown; sid?: string; userId?: number }) =>
  ({
    ip: '203.0.113.9',
    body: over.body,
    cookies: over.sid ? { sid: over.sid } : {},
    auth: over.userId ? { userId: over.userId } : undefined,
  }) as unknown as FastifyRequest;

// The limits count per target (name, address, login), so that a client choosing its own
// X-Forwarded-For cannot walk around them; the address is only the last resort.
describe('rate-limit keys', () => {
  it('login: the user name, trimmed and lower-cased, under either field; else the address', () => {
    const key = loginLimit(10).keyGenerator;
    expect(key(request({ body: { username: ' Demo@Shelfscope.test ' } }))).toBe('login:demo@shelfscope.test');
    expect(key(request({ body: { user_name: 'Demo@Shelfscope.test' } }))).toBe('login:demo@shelfscope.test');
    expect(key(request({ body: { username: 42 } }))).toBe('login:203.0.113.9');
    expect(key(request({}))).toBe('login:203.0.113.9');
  });

  it('forgot password: the e-mail address, trimmed and lower-cased; else the address', () => {
    expect(forgotLimit.keyGenerator(request({ body: { email: ' A@B.test' } }))).toBe('forgot:a@b.test');
    expect(forgotLimit.keyGenerator(request({ body: {} }))).toBe('forgot:203.0.113.9');
  });

  it('OTP and resend: the login session; else the address', () => {
    expect(otpLimit.keyGenerator(request({ sid: 's1' }))).toBe('otp:s1');
    expect(resendLimit.keyGenerator(request({ sid: 's1' }))).toBe('resend:s1');
    expect(resendLimit.keyGenerator(request({}))).toBe('resend:203.0.113.9');
  });

  it('change password: the signed-in user, whatever the address', () => {
    expect(changePasswordLimit.keyGenerator(request({ userId: 7 }))).toBe('change-password:7');
    expect(changePasswordLimit.keyGenerator(request({}))).toBe('change-password:anon:203.0.113.9');
  });
});
