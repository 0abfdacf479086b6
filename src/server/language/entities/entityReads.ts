import {
  ENTITY_CATALOGUE,
  isEntityName,
  isWarehouseEntity,
  type StoreEntityName,
} from './entityCatalogue.js';

/**
 * The read side of the store entities: what a grid with `rows: { entity }` may sort and filter
 * on. Writable entities are the catalogue's (entityCatalogue.ts); read-only ones (the audit
 * trail) are listed here and no mutation may name them. Filter names reach SQL only through the
 * entity's repository, never from request text.
 */

/**
 * How a filter's request value is read: `id` one group-scoped id, `idList` comma-separated ids,
 * `text` an exact string, `dateFrom` / `dateTo` a YYYY-MM-DD bound (inclusive; the date
 * picker's '-1' means no bound).
 */
export type EntityFilterKind = 'id' | 'idList' | 'text' | 'dateFrom' | 'dateTo';

export interface EntityFilter {
  kind: EntityFilterKind;
  /** The repository lists this filter's options (a screen filter may set `source`). */
  options?: true;
}

/** Entities a grid may read that no mutation writes, each with the columns it sorts on. */
export const READ_ONLY_ENTITIES = {
  /** The audit trail (audit_log): who changed what, in which group, when. */
  auditEntry: ['id', 'created_at', 'user_name', 'group_name', 'action', 'entity'],
} as const satisfies Record<string, readonly string[]>;

/**
 * Warehouse entities a grid reads through the rows route (their repository lists them): tables
 * with no date column, which no dataset can read (the city list of master/data_settings).
 */
export const LISTED_WAREHOUSE_ENTITIES = ['trackedCity'] as const;
export type ListedWarehouseEntity = (typeof LISTED_WAREHOUSE_ENTITIES)[number];

export type ReadableEntity = StoreEntityName | keyof typeof READ_ONLY_ENTITIES | ListedWarehouseEntity;
/** The readable entities whose rows are in the store (READ_REGISTRY). */
export type StoreReadableEntity = Exclude<ReadableEntity, ListedWarehouseEntity>;

export function isListedWarehouseEntity(name: string): name is ListedWarehouseEntity {
  return (LISTED_WAREHOUSE_ENTITIES as readonly string[]).includes(name);
}

/** The filters each entity's rows accept (request parameter -> kind). */
export const ENTITY_FILTERS: Partial<Record<ReadableEntity, Record<string, EntityFilter>>> = {
  group: {
    // The spec's tag search on client/clients: groups by name, or the groups of chosen users.
    group_ids: { kind: 'idList', options: true },
    user_ids: { kind: 'idList', options: true },
  },
  // The same tag search on user/users: users of chosen groups, or chosen users (by name or e-mail).
  user: {
    group_ids: { kind: 'idList', options: true },
    user_ids: { kind: 'idList', options: true },
  },
  // The process monitor's status chips and delay window (minutes), read by crawlEntities.ts.
  crawlRun: {
    status: { kind: 'text' },
    delay: { kind: 'text' },
  },
  auditEntry: {
    user_id: { kind: 'id', options: true },
    group_id: { kind: 'id', options: true },
    action: { kind: 'text', options: true },
    start_date: { kind: 'dateFrom' },
    end_date: { kind: 'dateTo' },
  },
};

export function isReadOnlyEntity(name: string): name is keyof typeof READ_ONLY_ENTITIES {
  return Object.hasOwn(READ_ONLY_ENTITIES, name);
}

export function isReadableEntity(name: string): name is ReadableEntity {
  return (
    (isEntityName(name) && !isWarehouseEntity(name)) ||
    isReadOnlyEntity(name) ||
    isListedWarehouseEntity(name)
  );
}

/** Columns a grid may sort on: a writable entity's scalar fields plus its identity and times. */
export function sortableColumns(entity: ReadableEntity): readonly string[] {
  if (isReadOnlyEntity(entity)) return READ_ONLY_ENTITIES[entity];
  const fields = Object.entries(ENTITY_CATALOGUE[entity]);
  return [
    'id',
    'created_at',
    'updated_at',
    ...fields.filter(([, t]) => t !== 'idList' && t !== 'objectList').map(([f]) => f),
  ];
}

export function entityFilters(entity: ReadableEntity): Record<string, EntityFilter> {
  return ENTITY_FILTERS[entity] ?? {};
}

/** Every filter name of every entity (the rows route's query schema lists them). */
export const ALL_FILTER_NAMES = [
  ...new Set(Object.values(ENTITY_FILTERS).flatMap((f) => Object.keys(f))),
].sort();
