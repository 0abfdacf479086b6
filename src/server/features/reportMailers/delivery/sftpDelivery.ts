import SftpClient from 'ssh2-sftp-client';
import { remoteJoin, type FileDelivery } from './deliveryTypes.js';

/**
 * SFTP (ssh2-sftp-client): upload to `<name>.part`, then rename over the final name, so a reader
 * never sees half a file and a resend after a crash replaces the same file. The secret is a
 * password or an OpenSSH private key.
 */
export const sftpDelivery: FileDelivery = async (target, secret, file, connection) => {
  const sftp = new SftpClient('report-mailer');
  const credential = secret.includes('PRIVATE KEY-----') ? { privateKey: secret } : { password: secret };
  const close = () => void sftp.end().catch(() => undefined);
  connection.signal.addEventListener('abort', close, { once: true });
  try {
    await sftp.connect({
      host: connection.address ?? target.host,
      port: target.port ?? 22,
      username: target.username,
      ...credential,
      readyTimeout: connection.connectTimeoutMs,
    });
  } catch (error) {
    connection.signal.removeEventListener('abort', close);
    throw error;
  }
  try {
    const folder = target.path || '.';
    if (folder !== '.' && !(await sftp.exists(folder))) await sftp.mkdir(folder, true);
    const final = remoteJoin(target.path, file.remoteName);
    const part = `${final}.part`;
    await sftp.put(file.localPath, part);
    if (await sftp.exists(final)) await sftp.delete(final);
    await sftp.rename(part, final);
    return `sftp://${target.username}@${target.host}:${target.port ?? 22}/${final.replace(/^\//, '')}`;
  } finally {
    connection.signal.removeEventListener('abort', close);
    await sftp.end().catch(() => undefined);
  }
};
