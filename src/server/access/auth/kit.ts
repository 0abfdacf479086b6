import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import type { Mailer } from '../../platform/mail/mailer.js';

/** What the auth services share, built once when the plugin registers. */
export interface AuthKit {
  deps: Deps;
  mailer: Mailer;
  /** Signs share links and keys OTP hashes. */
  secret: Buffer;
  log: FastifyBaseLogger;
}
