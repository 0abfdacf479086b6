import argon2 from 'argon2';
import { ServiceUnavailableError } from '../../../shared/errors.js';
import { inHashPool } from './hashPool.js';

/** argon2id with the library's defaults (64 MiB, t=3): the spec's and OWASP's baseline. */
export function hashPassword(password: string): Promise<string> {
  return inHashPool(() => argon2.hash(password, { type: argon2.argon2id }));
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password; with no stored hash it still runs one argon2 verification against a
 * dummy, so unknown users take as long as known ones (no user enumeration by timing).
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    const dummy = await dummyHash;
    await inHashPool(() => argon2.verify(dummy, password)).catch(rethrowBusy);
    return false;
  }
  return inHashPool(() => argon2.verify(hash, password)).catch(rethrowBusy);
}

/** A malformed stored hash reads as a wrong password; a full hash pool is the caller's 503. */
function rethrowBusy(error: unknown): false {
  if (error instanceof ServiceUnavailableError) throw error;
  return false;
}
