import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../store/storeDatabase.js';
import type { AuthKit } from '../auth/kit.js';

export type Db = Kysely<StoreDatabase>;
export type EntityRow = Record<string, unknown>;
/** A body's fields, already validated against the mutation's schema (only catalogue fields). */
export type EntityFields = Record<string, unknown>;

/**
 * What a write knows of its caller: who, the groups where their role grants the mutation's
 * permission (an entity spanning groups, like a user, writes only inside them), and a hook for
 * work that must wait for the commit (mail an activation link only once the user exists).
 */
export interface WriteContext {
  actorUserId: number;
  scope: readonly number[];
  afterCommit(job: (kit: AuthKit) => Promise<void>): void;
}

/** One page of an entity's rows in the caller's groups, sorted on a catalogue column. */
export interface ListRequest {
  groupIds: readonly number[];
  orderBy: string;
  descending: boolean;
  limit: number;
  offset: number;
  /** Equality filters from the grid's config (`rows.where`), catalogue fields only. */
  where?: Readonly<Record<string, unknown>>;
}

export interface ListPage {
  rows: EntityRow[];
  total: number;
}

export type WriteResult =
  { kind: 'written'; row: EntityRow } | { kind: 'missing' } | { kind: 'stale'; row: EntityRow };

/**
 * One store entity as the generic write routes see it: typed Kysely code behind a uniform face.
 * Field names come from the entity catalogue (never from request text); every method runs on the
 * caller's transaction.
 */
export interface EntityRepo {
  /** The tenant a row belongs to: writes are limited to the caller's groups. */
  groupOf(row: EntityRow): number;
  /** For rows spanning groups (a user's mappings): is the row in `scope`? Default: groupOf in scope. */
  inScope?(row: EntityRow, scope: readonly number[]): boolean;
  /** `scope` narrows what a row spanning groups shows (a user's mappings of the caller's groups). */
  find(db: Db, id: number, scope?: readonly number[]): Promise<EntityRow | undefined>;
  /** Another row holding `value` in a unique field (unique checks on blur and on write). */
  findByUnique(db: Db, field: string, value: unknown): Promise<EntityRow | undefined>;
  /** Creates a row; `actorUserId` may become its owner (a new group's first admin). */
  create(db: Db, fields: EntityFields, actorUserId: number, ctx?: WriteContext): Promise<EntityRow>;
  /** Writes only when the row still carries `readAt` (optimistic concurrency). */
  update(db: Db, id: number, fields: EntityFields, readAt: Date, ctx?: WriteContext): Promise<WriteResult>;
  /** A page of rows of `groupIds` only; `orderBy` is a catalogue column (or id, updated_at). */
  list(db: Db, request: ListRequest): Promise<ListPage>;
  /** Absent when the entity's rows are never deleted through a mutation. */
  remove?(db: Db, id: number, readAt: Date, ctx?: WriteContext): Promise<WriteResult>;
}
