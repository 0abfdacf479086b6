import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest 6-digit code e-mailed to `to` (the server writes mail to DATA_DIR/outbox). */
export function latestOtp(dataDir: string, to: string): string {
  const outbox = path.join(dataDir, 'outbox');
  const files = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => path.join(outbox, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs || b.localeCompare(a));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!text.toLowerCase().includes(to.toLowerCase())) continue;
    const code = /\b(\d{6})\b/.exec(
      text
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    );
    if (code) return code[1]!;
  }
  throw new Error(`no OTP mailed to ${to} in ${outbox}`);
}
