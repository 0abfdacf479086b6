/**
 * The store entities mutations may write, and the fields of each a mutation may name, with the
 * JSON type each field takes. Declared once: screens:check holds mutations to it, and the entity
 * registry (entityRegistry.ts) binds each name to its typed repository.
 */
export type FieldType = 'string' | 'integer' | 'date' | 'idList';

export const ENTITY_CATALOGUE = {
  /** A tenant (docs/product-spec.md §3 "Group creation payload"), in the store's column names. */
  group: {
    group_name: 'string',
    end_date: 'date',
    status: 'integer',
    notify_to_email: 'string',
    account_requested_by: 'string',
    account_manager_name: 'string',
    account_manager_email: 'string',
    associate1_name: 'string',
    associate1_email: 'string',
    associate2_name: 'string',
    associate2_email: 'string',
    task_id: 'string',
    comments: 'string',
    operation_type: 'integer',
    channels: 'idList',
    crawl_types: 'idList',
    schema_types: 'idList',
  },
  /** Crawl pipeline rows (issue 15, docs/crawl.md): read by the operations grids, written by the crawl. */
  crawlRun: {
    channel_id: 'integer',
    crawl_type: 'integer',
    crawl_date: 'date',
    status: 'integer',
    pages_total: 'integer',
    rows_loaded: 'integer',
    created_at: 'date',
  },
  crawlPage: { run_id: 'integer', http_status: 'integer', attempts: 'integer', ms: 'integer' },
  modelSchema: { name: 'string', crawl_type: 'integer', response_type: 'string' },
  crawlTiming: { channel_id: 'integer', cron: 'string', status: 'string' },
  channelProfile: {
    channel_id: 'integer',
    channel_name: 'string',
    response_type: 'string',
    platform: 'string',
    engine_type: 'string',
  },
} as const satisfies Record<string, Record<string, FieldType>>;

export type EntityName = keyof typeof ENTITY_CATALOGUE;

export function isEntityName(name: string): name is EntityName {
  return Object.hasOwn(ENTITY_CATALOGUE, name);
}

/** The JSON Schema types a field of each type may declare in a mutation's schema. */
export const JSON_TYPES_OF: Record<FieldType, readonly string[]> = {
  string: ['string'],
  integer: ['integer'],
  date: ['string'],
  idList: ['array'],
};
