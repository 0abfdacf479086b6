import { PGlite } from '@electric-sql/pglite';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Env } from '../settings/env.js';
import { createDuckDbWarehouse } from '../warehouse/duckdb/duckDbWarehouse.js';
import { BACKUP_FORMAT, checksums, FILES_DIR, MANIFEST, messageOf, type BackupManifest } from './backup.js';
import { BackupError, pgRestore, runTar, withPg } from './snapshots.js';

/**
 * Restores an archive of `createBackup` into an empty DATA_DIR (and empty databases when
 * DATABASE_URL / WAREHOUSE_URL are set). Refuses, with one line and before writing anything, an
 * archive that is damaged (unreadable, a checksum that differs), made by a newer Shelfscope (a
 * format or a store migration this version does not know), or for the other engine. The next
 * start migrates an older store as any upgrade does.
 */
export async function restoreBackup(
  env: Env,
  archive: string,
  knownMigrations: readonly string[],
): Promise<BackupManifest> {
  const source = path.resolve(archive);
  if (!existsSync(source)) throw new BackupError(`No backup at ${source}`);
  const staging = await mkdtemp(path.join(os.tmpdir(), 'shelfscope-restore-'));
  try {
    const manifest = await unpack(source, staging);
    await checkRestorable(env, manifest, staging, knownMigrations);
    await checkTargetsEmpty(env, manifest);
    await mkdir(env.DATA_DIR, { recursive: true });
    const part = (name: string) => path.join(staging, name);
    if (manifest.store.engine === 'pglite') {
      const pglite = await PGlite.create({
        dataDir: path.resolve(env.DATA_DIR, 'store'),
        loadDataDir: new Blob([readFileSync(part(manifest.store.file))]),
      });
      await pglite.close();
    } else {
      await pgRestore(env.DATABASE_URL, part(manifest.store.file));
    }
    if (manifest.warehouse.engine === 'duckdb') {
      const file = path.resolve(env.DATA_DIR, 'warehouse.duckdb');
      await copyFile(part(manifest.warehouse.file), file);
      // Opened once here: a file DuckDB cannot read (a newer storage version) fails now, not at start.
      const wh = await createDuckDbWarehouse(file).catch((error: unknown) => {
        throw new BackupError(
          `The backup's warehouse (DuckDB ${manifest.warehouse.version}) does not open here: ${messageOf(error)}`,
        );
      });
      await wh.close();
    } else {
      await pgRestore(env.WAREHOUSE_URL, part(manifest.warehouse.file));
    }
    if (existsSync(part(FILES_DIR))) await cp(part(FILES_DIR), env.DATA_DIR, { recursive: true });
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function unpack(source: string, dir: string): Promise<BackupManifest> {
  // tar refuses members outside `dir` (absolute or with ..) and fails on a cut or garbled archive.
  await runTar(['-xzf', source, '-C', dir], `The backup ${source} is damaged or not a backup`);
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file))
    throw new BackupError(`The backup ${source} is damaged or not a backup: no ${MANIFEST}`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  } catch (error) {
    throw new BackupError(`The backup ${source} is damaged: ${MANIFEST} does not read: ${messageOf(error)}`);
  }
}

async function checkRestorable(
  env: Env,
  manifest: BackupManifest,
  dir: string,
  knownMigrations: readonly string[],
): Promise<void> {
  if (manifest.format > BACKUP_FORMAT)
    throw new BackupError(
      `This backup was made by a newer Shelfscope (${manifest.shelfscope}, archive format ${manifest.format}): restore it with that version or a later one`,
    );
  const found = new Map((await checksums(dir)).map((f) => [f.path, f.sha256]));
  for (const expected of manifest.files) {
    const actual = found.get(expected.path);
    if (actual !== expected.sha256)
      throw new BackupError(
        `The backup is damaged: ${expected.path} ${actual ? 'differs from its checksum' : 'is missing'}`,
      );
  }
  const newer = manifest.store.migrations.filter((name) => !knownMigrations.includes(name));
  if (newer.length)
    throw new BackupError(
      `This backup was made by a newer Shelfscope (${manifest.shelfscope}): its store has run migrations this version does not have (${newer.join(', ')}); restore it with that version or a later one`,
    );
  if ((manifest.store.engine === 'postgres') !== Boolean(env.DATABASE_URL))
    throw new BackupError(
      manifest.store.engine === 'postgres'
        ? 'This backup holds a PostgreSQL store: set DATABASE_URL to the empty database to restore it into'
        : 'This backup holds an embedded store (PGlite): restore it without DATABASE_URL, into DATA_DIR',
    );
  if ((manifest.warehouse.engine === 'postgres') !== Boolean(env.WAREHOUSE_URL))
    throw new BackupError(
      manifest.warehouse.engine === 'postgres'
        ? 'This backup holds a PostgreSQL warehouse: set WAREHOUSE_URL to the empty database to restore it into'
        : 'This backup holds an embedded warehouse (DuckDB): restore it without WAREHOUSE_URL, into DATA_DIR',
    );
}

async function checkTargetsEmpty(env: Env, manifest: BackupManifest): Promise<void> {
  if (existsSync(env.DATA_DIR) && (await readdir(env.DATA_DIR)).length > 0)
    throw new BackupError(
      `DATA_DIR ${path.resolve(env.DATA_DIR)} is not empty: a restore goes into an empty data folder (move the old one aside)`,
    );
  const urls = [
    ['DATABASE_URL', manifest.store.engine === 'postgres' ? env.DATABASE_URL : undefined],
    ['WAREHOUSE_URL', manifest.warehouse.engine === 'postgres' ? env.WAREHOUSE_URL : undefined],
  ] as const;
  for (const [name, url] of urls) {
    if (!url) continue;
    const [row] = await withPg(url, (sql) =>
      sql.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
      ),
    ).catch((error: unknown) => {
      throw new BackupError(`The database at ${name} cannot be reached: ${messageOf(error)}`);
    });
    if (Number(row!.n) > 0)
      throw new BackupError(
        `The database at ${name} already has tables: a restore goes into a fresh, empty database (createdb)`,
      );
  }
}
