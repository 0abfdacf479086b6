import { Client } from 'basic-ftp';
import { remoteJoin, type FileDelivery } from './deliveryTypes.js';

/** FTP (basic-ftp): upload to `<name>.part`, then rename over the final name (a resend replaces it). */
export const ftpDelivery: FileDelivery = async (target, secret, file, connection) => {
  // basic-ftp's timeout bounds the connection and every reply; the signal bounds the whole upload.
  const client = new Client(connection.connectTimeoutMs);
  const close = () => client.close();
  connection.signal.addEventListener('abort', close, { once: true });
  try {
    await client.access({
      host: connection.address ?? target.host,
      port: target.port ?? 21,
      user: target.username,
      password: secret,
    });
    if (target.path) {
      await client.ensureDir(target.path);
      await client.cd('/');
    }
    const final = remoteJoin(target.path, file.remoteName);
    await client.uploadFrom(file.localPath, `${final}.part`);
    await client.rename(`${final}.part`, final);
    return `ftp://${target.username}@${target.host}:${target.port ?? 21}/${final.replace(/^\//, '')}`;
  } finally {
    connection.signal.removeEventListener('abort', close);
    client.close();
  }
};
