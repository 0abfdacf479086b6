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
  }
  await migrate(db, migrations);
  return {
    db,
    kind,
    writes,
    async close() {
      await db.destroy();
      await closeExtra();
    },
  };
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
    const reason = error instanceof Error ? error.message : JSON.stringify(error ?? failed?.status);
    throw new Error(`Store migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
