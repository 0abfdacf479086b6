import {
  closeSync,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssh2, { type Connection } from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE, OPEN_MODE } = utils.sftp;

export interface TestSftpServer {
  port: number;
  username: string;
  password: string;
  /** The folder the server serves as `/`. */
  root: string;
  /** Remote paths opened for writing, in order (each upload attempt). */
  opened: string[];
  /** `stall`: an OPEN for writing is never answered (the upload hangs); `onOpen` sees each one. */
  hold: { stall: boolean; onOpen?: (remotePath: string) => void };
  /** Files under root, relative paths, sorted. */
  files(): string[];
  close(): Promise<void>;
}

const attrsOf = (s: Stats) => ({
  mode: s.mode,
  uid: s.uid,
  gid: s.gid,
  size: s.size,
  atime: Math.floor(s.atimeMs / 1000),
  mtime: Math.floor(s.mtimeMs / 1000),
});

/**
 * A real SSH server (ssh2) with an SFTP subsystem over a temporary folder: password login,
 * open / write / close, stat, mkdir, rename, remove, realpath, readdir. Enough for any client
 * to upload; paths are kept inside the folder.
 */
export async function startTestSftpServer(): Promise<TestSftpServer> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-sftp-'));
  const username = 'reports';
  const password = 'sftp-pass-word';
  const opened: string[] = [];
  const hold: TestSftpServer['hold'] = { stall: false };
  const local = (p: string) => path.join(root, path.posix.normalize(`/${p}`));
  const hostKey = utils.generateKeyPairSync('ed25519').private;
  const clients = new Set<Connection>();

  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => clients.delete(client));
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === username && ctx.password === password) ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        accept().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<number, { fd: number; dir?: string[] }>();
          let next = 1;
          const handleOf = (buf: Buffer) => handles.get(buf.readUInt32BE(0));
          const newHandle = (entry: { fd: number; dir?: string[] }) => {
            const id = next++;
            handles.set(id, entry);
            const buf = Buffer.alloc(4);
            buf.writeUInt32BE(id);
            return buf;
          };
          const guard = (reqid: number, fn: () => void) => {
            try {
              fn();
            } catch (error) {
              const code = (error as NodeJS.ErrnoException).code;
              sftp.status(reqid, code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE);
            }
          };
          sftp.on('OPEN', (reqid, filename, flags) => {
            const write = (flags & OPEN_MODE.WRITE) !== 0;
            const answer = () =>
              guard(reqid, () => {
                const mode = write ? ((flags & OPEN_MODE.APPEND) !== 0 ? 'a' : 'w') : 'r';
                sftp.handle(reqid, newHandle({ fd: openSync(local(filename), mode) }));
              });
            if (write) {
              opened.push(filename);
              hold.onOpen?.(filename);
            }
            if (!(write && hold.stall)) answer();
          });
          sftp.on('WRITE', (reqid, handle, offset, data) =>
            guard(reqid, () => {
              writeSync(handleOf(handle)!.fd, data, 0, data.length, offset);
              sftp.status(reqid, STATUS_CODE.OK);
            }),
          );
          sftp.on('CLOSE', (reqid, handle) =>
            guard(reqid, () => {
              const entry = handleOf(handle)!;
              if (entry.fd >= 0) closeSync(entry.fd);
              handles.delete(handle.readUInt32BE(0));
              sftp.status(reqid, STATUS_CODE.OK);
            }),
          );
          sftp.on('FSTAT', (reqid, handle) =>
            guard(reqid, () => sftp.attrs(reqid, attrsOf(fstatSync(handleOf(handle)!.fd)))),
          );
          const stat = (reqid: number, p: string) =>
            guard(reqid, () => sftp.attrs(reqid, attrsOf(statSync(local(p)))));
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
          sftp.on('SETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
          sftp.on('FSETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
          sftp.on('REALPATH', (reqid, p) => {
            const abs = path.posix.normalize(`/${p}`);
            sftp.name(reqid, [{ filename: abs, longname: abs, attrs: {} as never }]);
          });
          sftp.on('MKDIR', (reqid, p) =>
            guard(reqid, () => {
              mkdirSync(local(p));
              sftp.status(reqid, STATUS_CODE.OK);
            }),
          );
          sftp.on('RENAME', (reqid, from, to) =>
            guard(reqid, () => {
              renameSync(local(from), local(to));
              sftp.status(reqid, STATUS_CODE.OK);
            }),
          );
          sftp.on('REMOVE', (reqid, p) =>
            guard(reqid, () => {
              unlinkSync(local(p));
              sftp.status(reqid, STATUS_CODE.OK);
            }),
          );
          sftp.on('OPENDIR', (reqid, p) =>
            guard(reqid, () =>
              sftp.handle(
                reqid,
                newHandle({ fd: -1, dir: readdirSync(local(p)).map((n) => path.posix.join(p, n)) }),
              ),
            ),
          );
          sftp.on('READDIR', (reqid, handle) => {
            const entry = handleOf(handle);
            if (!entry?.dir?.length) return sftp.status(reqid, STATUS_CODE.EOF);
            const names = entry.dir.splice(0).map((p) => ({
              filename: path.posix.basename(p),
              longname: path.posix.basename(p),
              attrs: attrsOf(statSync(local(p))),
            }));
            sftp.name(reqid, names);
          });
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const walk = (dir: string, prefix = ''): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    );
  return {
    port,
    username,
    password,
    root,
    opened,
    hold,
    files: () => walk(root).sort(),
    async close() {
      for (const c of clients) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
