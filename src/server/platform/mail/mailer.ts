import nodemailer, { type Transporter } from 'nodemailer';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../settings/env.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** 'smtp' or the outbox folder. */
  readonly target: string;
}

interface Logger {
  info(obj: object, msg: string): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes DATA_DIR/outbox/<time>-<n>-<to>.eml
 * and the log names that file. The log never carries what the mail holds (a one-time code, a
 * reset link): tests/api/logSecrets.test.ts searches a run's logs for them.
 */
export function createMailer(env: Env, log: Logger): Mailer {
  if (env.SMTP_URL) {
    const transport: Transporter = nodemailer.createTransport(env.SMTP_URL);
    return {
      target: 'smtp',
      async send(m) {
        await transport.sendMail({
          from: env.MAIL_FROM,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      },
    };
  }
  const outbox = path.resolve(env.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let seq = 0;
  return {
    target: outbox,
    async send(m) {
      const info = await transport.sendMail({
        from: env.MAIL_FROM,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      mkdirSync(outbox, { recursive: true });
      seq += 1;
      const safeTo = m.to.replace(/[^\w.@-]/g, '_');
      const file = path.join(outbox, `${Date.now()}-${String(seq).padStart(4, '0')}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info({ to: m.to, file }, `mail "${m.subject}" to ${m.to} written to ${file}`);
    },
  };
}
