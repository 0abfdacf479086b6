import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Env } from '../settings/env.js';
import { createDuckDbWarehouse } from '../warehouse/duckdb/duckDbWarehouse.js';
import { askSnapshot, opsSocketPath } from './opsSocket.js';
import {
  BackupError,
  PART_FILES,
  pgDump,
  runTar,
  storeFacts,
  withPg,
  writeDuckDbSnapshot,
  writePgliteSnapshot,
  type EmbeddedSnapshot,
  type StorePart,
  type WarehousePart,
} from './snapshots.js';

/** Raised when an archive's layout changes; a restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;
export const MANIFEST = 'manifest.json';
/** The data folder's other files (report files, outbox, secret.key) sit under this folder. */
export const FILES_DIR = 'data';

export interface BackupManifest {
  format: number;
  createdAt: string;
  shelfscope: string;
  node: string;
  store: StorePart;
  warehouse: WarehousePart;
  /** Every file of the archive but the manifest, with its size and SHA-256. */
  files: { path: string; bytes: number; sha256: string }[];
}

/** Entries of DATA_DIR that are not copied as files: the databases (their snapshots are) and the socket. */
const NOT_FILES = new Set(['store', 'warehouse.duckdb', 'warehouse.duckdb.wal', 'ops.sock']);

/**
 * Writes one archive of the store, the warehouse and DATA_DIR's files (a gzipped tar with a
 * manifest of versions, migrations and checksums). Embedded parts come from the running server
 * when one answers on DATA_DIR's ops socket, else from the files (a stopped server); PostgreSQL
 * parts come from pg_dump.
 */
export async function createBackup(env: Env, archive: string): Promise<BackupManifest> {
  const target = path.resolve(archive);
  await mkdir(path.dirname(target), { recursive: true });
  const staging = await mkdtemp(path.join(os.tmpdir(), 'shelfscope-backup-'));
  try {
    let store: StorePart | undefined;
    let warehouse: WarehousePart | undefined;
    if (!env.DATABASE_URL || !env.WAREHOUSE_URL) {
      const embedded = await embeddedSnapshot(env, staging);
      store = embedded.store;
      warehouse = embedded.warehouse;
    }
    if (env.DATABASE_URL) {
      const url = env.DATABASE_URL;
      const facts = await withPg(url, storeFacts).catch((error: unknown) => {
        throw new BackupError(`The store at DATABASE_URL cannot be read: ${messageOf(error)}`);
      });
      await pgDump(url, path.join(staging, PART_FILES.postgresStore));
      store = { engine: 'postgres', file: PART_FILES.postgresStore, ...facts };
    }
    if (env.WAREHOUSE_URL) {
      const url = env.WAREHOUSE_URL;
      const [row] = await withPg(url, (sql) => sql.query<{ server_version: string }>('SHOW server_version'));
      await pgDump(url, path.join(staging, PART_FILES.postgresWarehouse));
      warehouse = { engine: 'postgres', file: PART_FILES.postgresWarehouse, version: row!.server_version };
    }
    if (!store || !warehouse) throw new BackupError('The server did not snapshot its store and warehouse');
    await copyDataFiles(env.DATA_DIR, path.join(staging, FILES_DIR));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      shelfscope: shelfscopeVersion(),
      node: process.version,
      store,
      warehouse,
      files: await checksums(staging),
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const part = `${target}.part`;
    await runTar(
      ['-czf', part, '-C', staging, ...(await readdir(staging))],
      'The archive could not be written',
    );
    await rename(part, target);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function embeddedSnapshot(env: Env, dir: string): Promise<EmbeddedSnapshot> {
  const socket = opsSocketPath(env.DATA_DIR);
  const answer = await askSnapshot(socket, dir).catch((error: unknown) => {
    throw new BackupError(`The server on ${env.DATA_DIR} did not answer on ${socket}: ${messageOf(error)}`);
  });
  if (answer && !answer.ok)
    throw new BackupError(`The running server could not snapshot its data: ${answer.error}`);
  if (answer) return answer.snapshot;
  // No server runs on DATA_DIR: open its files, read only what a snapshot needs, close them.
  const out: EmbeddedSnapshot = {};
  if (!env.DATABASE_URL) {
    const storeDir = path.resolve(env.DATA_DIR, 'store');
    if (!existsSync(path.join(storeDir, 'PG_VERSION')))
      throw new BackupError(`No store in ${env.DATA_DIR}: nothing to back up (is DATA_DIR right?)`);
    const pglite = await PGlite.create(storeDir);
    try {
      const sql = { query: async <T>(text: string) => (await pglite.query<T>(text)).rows };
      out.store = await writePgliteSnapshot(
        async () => {
          await pglite.exec('CHECKPOINT');
          return pglite.dumpDataDir('gzip');
        },
        sql,
        dir,
      );
    } finally {
      await pglite.close();
    }
  }
  if (!env.WAREHOUSE_URL) {
    const file = path.resolve(env.DATA_DIR, 'warehouse.duckdb');
    if (!existsSync(file)) throw new BackupError(`No warehouse in ${env.DATA_DIR}: nothing to back up`);
    const wh = await createDuckDbWarehouse(file).catch((error: unknown) => {
      throw new BackupError(
        `The warehouse ${file} is in use, but no server answered on ${opsSocketPath(env.DATA_DIR)}: ${messageOf(error)}`,
      );
    });
    try {
      out.warehouse = await writeDuckDbSnapshot(wh, dir);
    } finally {
      await wh.close();
    }
  }
  return out;
}

/** DATA_DIR's files but the databases and the socket; a report still being written (.part) is left out. */
async function copyDataFiles(dataDir: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  if (!existsSync(dataDir)) return;
  for (const entry of await readdir(dataDir)) {
    if (NOT_FILES.has(entry)) continue;
    await cp(path.join(dataDir, entry), path.join(to, entry), {
      recursive: true,
      filter: (source) => !source.endsWith('.part'),
    });
  }
}

/** Every file under `dir` (relative, forward slashes) with its size and SHA-256, sorted. */
export async function checksums(dir: string): Promise<BackupManifest['files']> {
  const out: BackupManifest['files'] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && child !== MANIFEST) {
        const full = path.join(dir, child);
        out.push({ path: child, bytes: (await stat(full)).size, sha256: await sha256(full) });
      }
    }
  };
  await walk('');
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** package.json's version where the command runs (the checkout or the image's /app). */
export function shelfscopeVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
