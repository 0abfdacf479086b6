import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { sql as kyselySql } from 'kysely';
import pg from 'pg';
import type { Store } from '../store/store.js';
import type { Warehouse } from '../warehouse/warehouse.js';

/** One-line failures of a backup or a restore: the command prints the message alone. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The parts' file names inside an archive, one per engine. */
export const PART_FILES = {
  pglite: 'store.tar.gz',
  postgresStore: 'store.pgdump',
  duckdb: 'warehouse.duckdb',
  postgresWarehouse: 'warehouse.pgdump',
} as const;

export interface StorePart {
  engine: 'pglite' | 'postgres';
  file: string;
  /** The PostgreSQL server version (PGlite's too): a data folder only loads into the same major. */
  version: string;
  /** What the store has run (kysely_migration): a restore refuses names it does not know. */
  migrations: string[];
}

export interface WarehousePart {
  engine: 'duckdb' | 'postgres';
  file: string;
  version: string;
}

/** What the running server snapshots for `npm run backup`: its embedded parts. */
export interface EmbeddedSnapshot {
  store?: StorePart;
  warehouse?: WarehousePart;
}

/** The few store calls a snapshot needs, on PGlite directly or through the server's Kysely. */
export interface SqlRunner {
  query<T>(sql: string): Promise<T[]>;
}

/** The warehouse calls a DuckDB snapshot needs (platform/warehouse's Warehouse has both). */
export interface DuckDbRunner {
  query<T>(sql: string): Promise<T[]>;
  exec(sql: string): Promise<void>;
}

export async function storeFacts(sql: SqlRunner): Promise<{ version: string; migrations: string[] }> {
  const [version] = await sql.query<{ server_version: string }>('SHOW server_version');
  // A store that never started has no ledger yet: nothing run.
  const [ledger] = await sql.query<{ found: string | null }>(
    "SELECT to_regclass('public.kysely_migration')::text AS found",
  );
  const migrations = ledger?.found
    ? (await sql.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')).map(
        (r) => r.name,
      )
    : [];
  return { version: version?.server_version ?? 'unknown', migrations };
}

/** The PGlite data folder as `dumpDataDir` hands it (a gzipped tar taken at a checkpoint). */
export async function writePgliteSnapshot(
  dump: () => Promise<Blob>,
  sql: SqlRunner,
  dir: string,
): Promise<StorePart> {
  const facts = await storeFacts(sql);
  const blob = await dump();
  await writeFile(`${dir}/${PART_FILES.pglite}`, Buffer.from(await blob.arrayBuffer()));
  return { engine: 'pglite', file: PART_FILES.pglite, ...facts };
}

/**
 * The DuckDB warehouse copied into a new database file by `COPY FROM DATABASE`: one statement, so
 * one transaction and one consistent snapshot while loads go on; the copy opens as it is.
 */
export async function writeDuckDbSnapshot(wh: DuckDbRunner, dir: string): Promise<WarehousePart> {
  const [current] = await wh.query<{ db: string; version: string }>(
    'SELECT current_database() AS db, version() AS version',
  );
  const alias = `shelfscope_backup_${randomBytes(4).toString('hex')}`;
  const file = `${dir}/${PART_FILES.duckdb}`;
  await wh.exec(`ATTACH '${file.replaceAll("'", "''")}' AS ${alias}`);
  try {
    await wh.exec(`COPY FROM DATABASE "${current!.db.replaceAll('"', '""')}" TO ${alias}`);
  } finally {
    await wh.exec(`DETACH ${alias}`);
  }
  return { engine: 'duckdb', file: PART_FILES.duckdb, version: current!.version };
}

/**
 * The embedded parts of a running server (`npm run backup` asks it over the ops socket): the
 * store between two transactions, the warehouse in one read transaction.
 */
export async function snapshotRunning(
  store: Store,
  warehouse: Warehouse,
  dir: string,
): Promise<EmbeddedSnapshot> {
  const out: EmbeddedSnapshot = {};
  if (store.dumpDataDir) {
    const sql = { query: async <T>(text: string) => (await kyselySql.raw<T>(text).execute(store.db)).rows };
    out.store = await writePgliteSnapshot(() => store.dumpDataDir!(), sql, dir);
  }
  if (warehouse.dialect === 'duckdb') out.warehouse = await writeDuckDbSnapshot(warehouse, dir);
  return out;
}

const run = promisify(execFile);

/**
 * libpq's settings from a postgres:// URL, passed to pg_dump/pg_restore in their environment: a
 * password on the command line would show in every process list.
 */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.slice(1));
  if (database) env.PGDATABASE = database;
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  try {
    await run(tool, args, { env: libpqEnv(url), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(
        `${tool} was not found: install the PostgreSQL client tools (the same major version as the server or newer)`,
      );
    const first = (e.stderr ?? e.message).trim().split('\n')[0];
    throw new BackupError(`${tool} failed: ${first}`);
  }
}

/** `pg_dump -Fc`: one consistent snapshot of the database (a repeatable-read transaction). */
export function pgDump(url: string, file: string): Promise<void> {
  return pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], url);
}

export function pgRestore(url: string, file: string): Promise<void> {
  return pgTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${libpqEnv(url).PGDATABASE ?? ''}`, file],
    url,
  );
}

/**
 * The system's `tar` (GNU tar on Linux and in the image, bsdtar on macOS and Windows 10+), gzip on:
 * one well-known archive any operator can also open by hand.
 */
export async function runTar(args: string[], what: string): Promise<void> {
  try {
    await run('tar', args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError('tar was not found: install it (it comes with every Linux and macOS)');
    const first = (e.stderr ?? e.message).trim().split('\n')[0];
    throw new BackupError(`${what}: ${first}`);
  }
}

/** Runs `work` with a client on `url`, closed after. */
export async function withPg<T>(url: string, work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work({
      query: async <R>(text: string) => (await client.query(text)).rows as R[],
    });
  } finally {
    await client.end();
  }
}
