import { Client } from 'basic-ftp';
import { remoteJoin, type FileDelivery } from './deliveryTypes.js';

/** FTP (basic-ftp): upload to `<name>.part`, then rename over the final name (a resend replaces it). */
export const ftpDelivery: FileDelivery = async (target, secret, file) => {
  const client = new Client(30_000);
  try {
    await client.access({
      host: target.host,
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
    client.close();
  }
};
