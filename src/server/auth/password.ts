import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3): the spec's and OWASP's baseline. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password; with no stored hash it still runs one argon2 verification against a
 * dummy, so unknown users take as long as known ones (no user enumeration by timing).
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
