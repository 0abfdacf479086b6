import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';
import type { ServiceKit } from '../../platform/serviceKit.js';

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
  afterCommit(job: (kit: ServiceKit) => Promise<void>): void;
}

/** A parsed filter value: an id, ids, a text or a YYYY-MM-DD date. */
export type FilterValue = string | number | readonly number[];

/** One page of an entity's rows in the caller's groups, sorted on a catalogue column. */
export interface ListRequest {
  groupIds: readonly number[];
  orderBy: string;
  descending: boolean;
  limit: number;
  offset: number;
  /** Equality filters from the grid's config (`rows.where`), catalogue fields only. */
  where?: Readonly<Record<string, unknown>>;
  /** The entity's declared filters only (entityReads.ts), already type-checked; absent = none. */
  filters?: Readonly<Record<string, FilterValue>>;
}

/** One page of a filter's options (store-backed suggestion lists), caller's groups only. */
export interface OptionsRequest {
  groupIds: readonly number[];
  field: string;
  prefix: string;
  limit: number;
  offset: number;
}

export interface OptionItem {
  key: number | string;
  name: string;
}

export interface ListPage {
  rows: EntityRow[];
  total: number;
}

export type WriteResult =
  { kind: 'written'; row: EntityRow } | { kind: 'missing' } | { kind: 'stale'; row: EntityRow };

/**
 * What a grid reads of a store entity (GET rows/...): a page of rows, and the options of the
 * filters the entity declares with `options` (GET suggestion/... on a screen without a dataset).
 */
export interface ReadRepo {
  list(db: Db, request: ListRequest): Promise<ListPage>;
  options?(db: Db, request: OptionsRequest): Promise<{ options: OptionItem[]; total: number }>;
}

/**
 * One store entity as the generic write routes see it: typed Kysely code behind a uniform face.
 * Field names come from the entity catalogue (never from request text); every method runs on the
 * caller's transaction.
 */
export interface EntityRepo extends ReadRepo {
  /** The tenant a row belongs to: writes are limited to the caller's groups. */
  groupOf(row: EntityRow): number;
  /** For rows spanning groups (a user's mappings): is the row in `scope`? Default: groupOf in scope. */
  inScope?(row: EntityRow, scope: readonly number[]): boolean;
  /** `scope` narrows what a row spanning groups shows (a user's mappings of the caller's groups). */
  find(db: Db, id: number, scope?: readonly number[]): Promise<EntityRow | undefined>;
  /** Another row holding `value` in a unique field (unique checks on blur and on write). */
  findByUnique(db: Db, field: string, value: unknown): Promise<EntityRow | undefined>;
  /**
   * Creates a row; `actorUserId` may become its owner (a new group's first admin). A row a group
   * owns belongs to `groupId`, the caller's session group, unless the repo derives its group
   * (a sync run takes its schema type's); the write route then checks it is in the caller's scope.
   */
  create(
    db: Db,
    fields: EntityFields,
    actorUserId: number,
    groupId: number,
    ctx?: WriteContext,
  ): Promise<EntityRow>;
  /** Creating a row makes a new tenant (a group): no scope to check it against. */
  createsTenant?: true;
  /** Fields only platform staff may change (a group's subscription terms); others' edits are refused. */
  staffOnlyFields?: readonly string[];
  /** Writes only when the row still carries `readAt` (optimistic concurrency). */
  update(db: Db, id: number, fields: EntityFields, readAt: Date, ctx?: WriteContext): Promise<WriteResult>;
  /** A page of rows of `groupIds` only; `orderBy` is a catalogue column (or id, updated_at). */
  list(db: Db, request: ListRequest): Promise<ListPage>;
  /** Absent when the entity's rows are never deleted through a mutation. */
  remove?(db: Db, id: number, readAt: Date, ctx?: WriteContext): Promise<WriteResult>;
}
