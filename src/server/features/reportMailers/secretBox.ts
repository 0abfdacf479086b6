import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Delivery credentials at rest: AES-256-GCM with a key derived (HKDF-SHA256) from the app's
 * secret (SECRET_KEY or DATA_DIR/secret.key), a fresh 12-byte IV per value, the mailer's group
 * as additional data (a value copied onto another group's mailer does not decrypt).
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(appSecret: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'shelfscope', 'report-mailer-credentials', 32));
  }

  seal(plain: string, groupId: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`group:${groupId}`));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string, groupId: number): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined)
      throw new Error('Unreadable delivery credential');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`group:${groupId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
