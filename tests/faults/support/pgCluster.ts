import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './serverProcess.js';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb + pg_ctl in a temp folder, on a free
 * port), so a test may stop and start it; the machine's shared server is never touched. initdb
 * refuses root, so as root it runs as the postgres user.
 */
export interface PgCluster {
  port: number;
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): void;
  start(): void;
  destroy(): void;
}

export const pgClusterAvailable = existsSync(path.join(BIN, 'initdb'));

function run(args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [cmd, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
  execFileSync(cmd!, rest, { stdio: 'pipe' });
}

export async function createPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  run([path.join(BIN, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (action: string, extra: string[] = []) =>
    run([path.join(BIN, 'pg_ctl'), '-D', data, '-l', path.join(dir, 'log'), '-w', ...extra, action]);
  const start = () => ctl('start', ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`]);
  start();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
    },
    stop: () => ctl('stop', ['-m', 'fast']),
    start,
    destroy() {
      try {
        ctl('stop', ['-m', 'immediate']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
