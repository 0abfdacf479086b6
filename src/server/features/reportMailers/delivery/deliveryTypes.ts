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

/** How a file delivery connects: to the address the outbound policy checked, bounded in time. */
export interface DeliveryConnection {
  /**
   * The checked IP address of `target.host` (sftp / ftp) or of the blob endpoint (azure): the
   * connection goes there, not to a second resolution of the name.
   */
  address?: string;
  /** Seconds a connection may take to open. */
  connectTimeoutMs: number;
  /** Aborted at the overall deadline (or when the job is given up): the delivery closes its connection. */
  signal: AbortSignal;
}

/** A file delivery: uploads and answers where the file now is. */
export type FileDelivery = (
  target: DeliveryTarget,
  secret: string,
  file: DeliveryFile,
  connection: DeliveryConnection,
) => Promise<string>;

/** `dir/name` with one slash, for remote paths (POSIX on every protocol). */
export function remoteJoin(dir: string | undefined, name: string): string {
  const folder = (dir ?? '').replace(/\/+$/, '');
  return folder ? `${folder}/${name}` : name;
}
