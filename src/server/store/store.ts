import type { Kysely } from 'kysely';
import type { StoreDatabase } from './storeDatabase.js';

/** The app store (users, groups, sessions, ...): PGlite embedded or PostgreSQL, through Kysely. */
export interface Store {
  readonly db: Kysely<StoreDatabase>;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}
