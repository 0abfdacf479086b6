import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';
import type { WriteGeneration } from './writeGeneration.js';

/** The app store (users, groups, sessions, ...): PGlite embedded or PostgreSQL, through Kysely. */
export interface Store {
  readonly db: Kysely<StoreDatabase>;
  readonly kind: 'pglite' | 'postgres';
  /** Moves on every write through `db`: lets caches of store rows know they may be stale. */
  readonly writes: WriteGeneration;
  /**
   * PGlite only: a gzipped tar of the data folder at a checkpoint, taken between two users of the
   * one connection (no transaction half done), while the server runs; PGlite loads it back with
   * `loadDataDir` (platform/backup).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}
