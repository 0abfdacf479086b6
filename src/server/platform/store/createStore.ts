import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Env } from '../settings/env.js';
import type { Store } from './store.js';
import type { StoreDatabase } from './storeDatabase.js';
import { PGliteDialect } from './pgliteDialect.js';
import { WriteGeneration } from './writeGeneration.js';
import { surviveLostConnections } from './pgPoolErrors.js';

/**
 * Opens the app store (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/store) and runs
 * `migrations` (every owner's: src/server/storeMigrations.ts).
 */
export async function createStore(env: Env, migrations: Record<string, Migration>): Promise<Store> {
  let db: Kysely<StoreDatabase>;
  let kind: Store['kind'];
  let closeExtra = async (): Promise<void> => {};
  let dumpDataDir: Store['dumpDataDir'];
  const writes = new WriteGeneration();
  if (env.DATABASE_URL) {
    kind = 'postgres';
    const pool = surviveLostConnections(new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 }));
    db = new Kysely<StoreDatabase>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  } else {
    kind = 'pglite';
    const dir = path.resolve(env.DATA_DIR, 'store');
    mkdirSync(dir, { recursive: true });
    const pglite = await PGlite.create(dir);
    db = new Kysely<StoreDatabase>({ dialect: new PGliteDialect(pglite), plugins: [writes] });
    closeExtra = () => pglite.close();
    // Holding Kysely's connection queues every other user (requests, pg-boss) until the dump ends.
    dumpDataDir = () =>
      db.connection().execute(async () => {
        await pglite.exec('CHECKPOINT');
        return pglite.dumpDataDir('gzip');
      });
  }
  await migrate(db, migrations);
  return {
    db,
    kind,
    writes,
    ...(dumpDataDir ? { dumpDataDir } : {}),
    async close() {
      await db.destroy();
      await closeExtra();
    },
  };
}

/**
 * A start that could not migrate the store: names the migration and the cause in one line. Kysely
 * runs every pending migration in one transaction on PostgreSQL and PGlite (transactional DDL), so
 * the store is left exactly as it was; main.ts prints the message alone, without a stack.
 */
export class StoreMigrationError extends Error {
  override name = 'StoreMigrationError';
}

async function migrate(db: Kysely<StoreDatabase>, migrations: Record<string, Migration>): Promise<void> {
  // Unordered: migrations written on parallel branches may land with a lower number than one a
  // store has already run; each is still run once.
  // In-code provider: migrations ship inside the build, no folder scanning at run time.
  const provider = { getMigrations: () => Promise.resolve(migrations) };
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = (error instanceof Error ? error.message : JSON.stringify(error ?? failed?.status))
      .split('\n')[0]!
      .trim()
      .replace(/\.$/, '');
    const what = failed ? `Store migration ${failed.migrationName} failed` : 'Store migrations failed';
    const kept = failed ? ' The store is as it was: no migration of this start was kept.' : '';
    throw new StoreMigrationError(`${what}: ${cause}.${kept}`, { cause: error });
  }
}
