/** What a delivery sends: one built report file, under a name fixed per run. */
export interface DeliveryFile {
  /** The report on local disk. */
  localPath: string;
  /** Deterministic per run (`<mailer>-<day>-r<run>.xlsx`): a resend after a crash overwrites, never adds. */
  remoteName: string;
  rows: number;
}

/** Where a file delivery goes; the credential is decrypted just before use, never stored plain. */
export interface DeliveryTarget {
  host?: string;
  port?: number;
  username?: string;
  /** Remote folder (sftp / ftp) or blob name prefix (azure). */
  path?: string;
  /** Azure container. */
  container?: string;
}

/** A file delivery: uploads and answers where the file now is. */
export type FileDelivery = (target: DeliveryTarget, secret: string, file: DeliveryFile) => Promise<string>;

/** `dir/name` with one slash, for remote paths (POSIX on every protocol). */
export function remoteJoin(dir: string | undefined, name: string): string {
  const folder = (dir ?? '').replace(/\/+$/, '');
  return folder ? `${folder}/${name}` : name;
}
