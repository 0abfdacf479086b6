import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FtpSrv } from 'ftp-srv';
import { freePort } from '../../faults/support/serverProcess.js';

export interface TestFtpServer {
  port: number;
  username: string;
  password: string;
  root: string;
  files(dir?: string): string[];
  close(): Promise<void>;
}

/** A real FTP server (ftp-srv) over a temporary folder, one user, passive mode on loopback. */
export async function startTestFtpServer(): Promise<TestFtpServer> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-ftp-'));
  const port = await freePort();
  const username = 'ftpreports';
  const password = 'ftp-pass-word';
  const server = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: '127.0.0.1',
    anonymous: false,
    log: {
      info() {},
      debug() {},
      trace() {},
      warn() {},
      error() {},
      child() {
        return this;
      },
    } as never,
  });
  server.on('login', ({ username: user, password: pass }, resolve, reject) => {
    if (user === username && pass === password) resolve({ root });
    else reject(new Error('530 Login incorrect'));
  });
  await server.listen();
  return {
    port,
    username,
    password,
    root,
    files: (dir = '') => readdirSync(path.join(root, dir)).sort(),
    async close() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
