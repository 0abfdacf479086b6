import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../settings/env.js';
import { createMailer } from './mailer.js';
import { otpMail } from './templates.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mailer', () => {
  it('without SMTP writes an .eml to the outbox and logs its file, never the code', async () => {
    const log = { info: vi.fn() };
    const mailer = createMailer(loadEnv({ DATA_DIR: dir }), log);
    await mailer.send(otpMail('demo@shelfscope.test', '123456'));
    const files = readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/demo@shelfscope\.test\.eml$/);
    const eml = readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: demo@shelfscope.test');
    expect(eml).toContain('Your verification code is 123456.');
    const line = String(log.info.mock.calls[0]?.[1]);
    expect(line).toContain(path.join(dir, 'outbox', files[0]!));
    expect(line).not.toContain('123456');
  });

  it('with SMTP_URL delivers through the SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    try {
      const mailer = createMailer(loadEnv({ DATA_DIR: dir, SMTP_URL: `smtp://127.0.0.1:${port}` }), {
        info: vi.fn(),
      });
      expect(mailer.target).toBe('smtp');
      await mailer.send(otpMail('someone@example.com', '654321'));
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Your verification code is 654321.');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
