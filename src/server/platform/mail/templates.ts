import type { MailMessage } from './mailer.js';

/** The product's e-mails. Plain words, one job each; the HTML part mirrors the text part. */
function html(lines: string[]): string {
  const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">${body}<p>— Shelfscope</p></body></html>`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function message(to: string, subject: string, lines: string[]): MailMessage {
  return { to, subject, text: `${lines.join('\n\n')}\n\n— Shelfscope\n`, html: html(lines) };
}

export function otpMail(to: string, otp: string): MailMessage {
  return message(to, 'Your Shelfscope verification code', [
    `Your verification code is ${otp}.`,
    'It expires in 10 minutes and can be used once. If you did not try to log in, change your password.',
  ]);
}

export function resetMail(to: string, link: string): MailMessage {
  return message(to, 'Reset your Shelfscope password', [
    'We received a request to reset your password. Open this link to choose a new one:',
    link,
    'The link expires in 1 hour and works once.',
  ]);
}

export function activationMail(to: string, link: string): MailMessage {
  return message(to, 'Activate your Shelfscope account', [
    'An account was created for you. Open this link to set your password:',
    link,
    'The link expires in 72 hours and works once.',
  ]);
}

export function accountLockedMail(to: string, minutes: number): MailMessage {
  return message(to, 'Unusual sign-in attempts on your Shelfscope account', [
    'Several sign-in attempts on your account failed (a wrong password or verification code).',
    `To protect it, new sign-ins are paused for ${minutes} minute(s), longer if the failures go on. A browser you chose to trust can still sign in.`,
    'If this was not you, change your password.',
  ]);
}

export interface SupportTicketMail {
  id: number;
  userName: string;
  groupName: string;
  screen: string;
  text: string;
  at: Date;
}

/** A Feedback & Support request, to the support address: who, group, screen, time and the words. */
export function supportTicketMail(to: string, t: SupportTicketMail): MailMessage {
  return message(to, `Support request #${t.id} from ${t.userName} (${t.groupName})`, [
    `From: ${t.userName}`,
    `Group: ${t.groupName}`,
    `Screen: ${t.screen || '---'}`,
    `Sent: ${t.at.toISOString()}`,
    t.text,
    'Platform staff see and close it under Feedback & Support.',
  ]);
}
