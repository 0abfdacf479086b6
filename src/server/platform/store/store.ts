import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';
import type { WriteGeneration } from './writeGeneration.js';

/** The app store (users, groups, sessions, ...): PGlite embedded or PostgreSQL, through Kysely. */
export interface Store {
  readonly db: Kysely<StoreDatabase>;
  readonly kind: 'pglite' | 'postgres';
  /** Moves on every write through `db`: lets caches of store rows know they may be stale. */
  readonly writes: WriteGeneration;
  close(): Promise<void>;
}
