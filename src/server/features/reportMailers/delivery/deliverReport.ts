import nodemailer from 'nodemailer';
import type { Deps } from '../../../platform/deps.js';
import { loadSecretKey } from '../../../access/auth/secrets.js';
import type { Distribution, ReportMailerRow } from '../reportMailerRepo.js';
import { SecretBox } from '../secretBox.js';
import { azureBlobHost, azureDelivery } from './azureDelivery.js';
import type { DeliveryFile, DeliveryTarget, FileDelivery } from './deliveryTypes.js';
import { parseAllowList } from '../../../platform/http/outbound/outboundPolicy.js';
import { DestinationRefusedError, resolveOutbound } from '../../../platform/http/outbound/resolveOutbound.js';
import { ftpDelivery } from './ftpDelivery.js';
import { sftpDelivery } from './sftpDelivery.js';

export const NO_SMTP = 'E-mail delivery needs SMTP_URL';
export const NO_CREDENTIAL = 'The delivery has no stored credential';
/**
 * What a user sees of any failed file delivery. One wording for a closed port, a silent one, a
 * wrong protocol, a refused sign-in or a full disk: telling them apart would make the mailer a
 * port scanner of whatever the destination can reach. The cause goes to the server's log.
 */
export const DELIVERY_FAILED =
  'Delivery failed: the destination could not be reached, or it refused the sign-in or the file. Check the host, port, credential and folder.';

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
  jobSignal?: AbortSignal,
): Promise<string> {
  const distribution = mailer.distribution as Distribution;
  if (distribution === 'email') return sendByEmail(deps, mailer, file, subject, deliveryKey);
  if (!mailer.secret) throw new Error(NO_CREDENTIAL);
  const secret = secretBox(deps).open(mailer.secret, mailer.group_id);
  const target = mailer.target as DeliveryTarget;
  const allow = parseAllowList(deps.env.OUTBOUND_ALLOW);
  const deadline = AbortSignal.timeout(deps.env.DELIVERY_TIMEOUT_MS);
  const signal = jobSignal ? AbortSignal.any([deadline, jobSignal]) : deadline;
  try {
    // Resolved and checked now, connected to by address: a name cannot turn private in between.
    const host = distribution === 'azure' ? azureBlobHost(secret) : (target.host ?? null);
    if (!host) throw new DestinationRefusedError();
    const address = await resolveOutbound(host, allow);
    const delivery = FILE_DELIVERIES[distribution](target, secret, file, {
      address,
      connectTimeoutMs: deps.env.DELIVERY_CONNECT_TIMEOUT_MS,
      signal,
    });
    return await untilAborted(delivery, signal);
  } catch (error) {
    if (error instanceof DestinationRefusedError) throw error;
    console.warn(`report mailer ${mailer.id}: ${distribution} delivery failed:`, error);
    throw new Error(DELIVERY_FAILED, { cause: error });
  }
}

/** The delivery's answer, or a rejection as soon as `signal` aborts (a silent far side holds no worker). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('delivery deadline passed'));
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new Error('delivery deadline passed'));
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
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
