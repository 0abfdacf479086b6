import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from './deps.js';
import type { Mailer } from './mail/mailer.js';

/**
 * What services that send mail or sign tokens share, built once when the auth plugin registers
 * (access/auth names it AuthKit). It lives here, below every layer, because work run after a
 * write's commit (language/entities/entityRepo.ts) receives it too.
 */
export interface ServiceKit {
  deps: Deps;
  mailer: Mailer;
  /** Signs share links and keys OTP hashes. */
  secret: Buffer;
  log: FastifyBaseLogger;
}
