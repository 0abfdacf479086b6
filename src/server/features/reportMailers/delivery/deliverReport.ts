import nodemailer from 'nodemailer';
import type { Deps } from '../../../platform/deps.js';
import { loadSecretKey } from '../../../access/auth/secrets.js';
import type { Distribution, ReportMailerRow } from '../reportMailerRepo.js';
import { SecretBox } from '../secretBox.js';
import { azureDelivery } from './azureDelivery.js';
import type { DeliveryFile, DeliveryTarget, FileDelivery } from './deliveryTypes.js';
import { ftpDelivery } from './ftpDelivery.js';
import { sftpDelivery } from './sftpDelivery.js';

export const NO_SMTP = 'E-mail delivery needs SMTP_URL';
export const NO_CREDENTIAL = 'The delivery has no stored credential';

const FILE_DELIVERIES: Record<Exclude<Distribution, 'email'>, FileDelivery> = {
  sftp: sftpDelivery,
  ftp: ftpDelivery,
  azure: azureDelivery,
};

export function secretBox(deps: Deps): SecretBox {
  return new SecretBox(loadSecretKey(deps.env));
}

/** Where a run's file goes, in words, for the dry run and the run log (no credential in it). */
export function destinationOf(mailer: ReportMailerRow, remoteName: string): string {
  const t = mailer.target as DeliveryTarget;
  const file = [t.path?.replace(/^\/+|\/+$/g, ''), remoteName].filter(Boolean).join('/');
  switch (mailer.distribution as Distribution) {
    case 'email':
      return mailer.recipients.join(', ');
    case 'azure':
      return `azure://${t.container ?? 'reports'}/${file}`;
    default:
      return `${mailer.distribution}://${t.username}@${t.host}:${t.port}/${file}`;
  }
}

/**
 * Sends one built report the mailer's way and answers where it went. `deliveryKey` is unique per
 * run: the e-mail's Message-ID is built from it, so a copy resent after a crash (between the
 * server's 250 and the store's "delivered") is recognisably the same message; file targets get a
 * per-run file name, so a resend overwrites the same file.
 */
export async function deliverReport(
  deps: Deps,
  mailer: ReportMailerRow,
  file: DeliveryFile,
  subject: string,
  deliveryKey: string,
): Promise<string> {
  const distribution = mailer.distribution as Distribution;
  if (distribution === 'email') return sendByEmail(deps, mailer, file, subject, deliveryKey);
  if (!mailer.secret) throw new Error(NO_CREDENTIAL);
  const secret = secretBox(deps).open(mailer.secret, mailer.group_id);
  return FILE_DELIVERIES[distribution](mailer.target, secret, file);
}

async function sendByEmail(
  deps: Deps,
  mailer: ReportMailerRow,
  file: DeliveryFile,
  subject: string,
  deliveryKey: string,
): Promise<string> {
  if (!deps.env.SMTP_URL) throw new Error(NO_SMTP);
  const transport = nodemailer.createTransport(deps.env.SMTP_URL);
  const messageId = `<${deliveryKey.replace(/[^\w.-]/g, '-')}@report-mailer.shelfscope>`;
  try {
    await transport.sendMail({
      from: deps.env.MAIL_FROM,
      to: mailer.recipients,
      subject,
      messageId,
      text: `${subject}\n\n${file.rows} rows, attached as ${file.remoteName}.\n`,
      attachments: [{ filename: file.remoteName, path: file.localPath }],
    });
  } finally {
    transport.close();
  }
  return messageId;
}
