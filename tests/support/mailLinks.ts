import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The .eml files of DATA_DIR/outbox addressed to `to`, newest first. */
export function mailsTo(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  const needle = `to: ${to.toLowerCase()}`;
  return readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => path.join(outbox, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs || b.localeCompare(a))
    .filter((file) =>
      readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .some((line) => line.toLowerCase() === needle),
    );
}

/** Undoes quoted-printable (soft line breaks and =XX bytes), which nodemailer uses for the bodies. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The first link containing `pathPart` (e.g. '/public/login?token=' or '/public/verifyuser') in the
 * newest e-mail to `to` that has one. Returns path and query only, so the caller opens it on the
 * test server whatever PUBLIC_URL the server put in the mail.
 */
export function latestLink(dataDir: string, to: string, pathPart: string): string {
  for (const file of mailsTo(dataDir, to)) {
    const body = decodeQuotedPrintable(readFileSync(file, 'utf8'));
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      const url = new URL(match[0]);
      const relative = `${url.pathname}${url.search}`;
      if (relative.includes(pathPart)) return relative;
    }
  }
  throw new Error(`no link with ${pathPart} mailed to ${to} in ${path.join(dataDir, 'outbox')}`);
}
