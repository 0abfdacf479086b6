import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  /** RCPT TO addresses of the SMTP envelope: who the server was asked to deliver to. */
  rcptTo: string[];
  mail: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /**
   * With `stall`, a message with attachments (a report) is read but never answered: the sender
   * waits for the 250 that makes it ours, as a slow server keeps it waiting; `onStall` is told.
   */
  hold: { stall: boolean; onStall?: () => void };
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port that keeps every message it accepts (answers 250), parsed;
 * bounce@ is refused.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const hold: TestSmtpServer['hold'] = { stall: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A mailbox that does not exist, so a test can see a delivery fail.
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce@')) callback(new Error('550 no such mailbox'));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (hold.stall && mail.attachments.length) return hold.onStall?.();
          received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    hold,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
