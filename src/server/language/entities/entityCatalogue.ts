/**
 * The store entities mutations may write, and the fields of each a mutation may name, with the
 * JSON type each field takes. Declared once: screens:check holds mutations to it, and the entity
 * registry (entityRegistry.ts) binds each name to its typed repository.
 */
import { USER_ROLE_ENTITIES } from './userRoleCatalogue.js';

export type FieldType = 'string' | 'integer' | 'number' | 'date' | 'idList' | 'objectList';

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
  /**
   * A planned promotion (warehouse `dim_promo_plan`, where the plan import loads and the plan
   * dataset reads). Product and channel are named as the import names them (SKU code, channel
   * name); the repository turns them into ids within the caller's group.
   */
  promoPlan: {
    sku_code: 'string',
    channel_name: 'string',
    mechanic: 'string',
    offer_text: 'string',
    plan_price: 'number',
    start_date: 'date',
    end_date: 'date',
  },
  /**
   * A product of the group's master (warehouse `dim_product`): added with its brand and category
   * named as the SKU master names them, edited (name, pack, MRP), favourited and set Active /
   * In-Active (product_status), one at a time or on ticked rows; and where the review of its price
   * violations stands (detection_status: 5 Invalid, 6 Pending, 7 Completed, 8 In Progress).
   */
  product: {
    sku_code: 'string',
    sku_name: 'string',
    brand_name: 'string',
    category_name: 'string',
    pack_size: 'string',
    mrp: 'number',
    is_favourite: 'integer',
    product_status: 'integer',
    detection_status: 'integer',
  },
  /** A category of the group (warehouse `dim_category`): its rank threshold (the spec's catg/threshold). */
  category: {
    rank_threshold: 'integer',
  },
  /** A city the group tracks on a channel (warehouse `setup_city_list`, the city list upload's table). */
  trackedCity: {
    channel_name: 'string',
    city_name: 'string',
    stores_tracked: 'integer',
  },
  /** A keyword the group tracks (warehouse `dim_keyword`): favourite flag, pages crawled 1–6. */
  keyword: {
    keyword_type: 'string',
    search_volume: 'integer',
    is_favourite: 'integer',
    search_pages: 'integer',
  },
  ...USER_ROLE_ENTITIES,
  /** The manage-users form (client/clients): existing users mapped to a group with one role. */
  groupMember: {
    group_id: 'integer',
    role_id: 'integer',
    user_ids: 'idList',
  },
  /** An argument an admin sets for a group (client/clientargs); the row's group is the session's. */
  groupArg: {
    arg_key: 'string',
    arg_value: 'string',
    description: 'string',
    status: 'integer',
  },
  /** An Athena-sync schema type of a group (client/clientathenasyn; the spec's is_monthly). */
  athenaSchemaType: {
    schema_type: 'string',
    is_monthly: 'integer',
    status: 'integer',
  },
  /** A sync triggered for one schema type (a row action's create); its group is the type's. */
  athenaSyncRun: {
    schema_type_id: 'integer',
  },
  /**
   * An AMS report model and channel target object of a group and ad channel
   * (processmonitor/ams_schema; the JSON rules are the repository's, amsSchemaEntity.ts).
   */
  amsSchema: {
    ams_channel_id: 'integer',
    name: 'string',
    ams_model: 'string',
    channel_target: 'string',
  },
  /** Crawl pipeline rows (docs/crawl.md): read by the operations grids, written by the crawl. */
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
  crawlTiming: { channel_id: 'integer', cron: 'string', status: 'string', crawl_type: 'integer' },
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

/**
 * Entities whose rows live in the analytics warehouse (docs/write-half.md "Warehouse entities"):
 * rows the warehouse's datasets read, so a write shows in the screen's next query at once.
 */
export const WAREHOUSE_ENTITIES = ['promoPlan', 'keyword', 'product', 'category', 'trackedCity'] as const;
export type WarehouseEntityName = (typeof WAREHOUSE_ENTITIES)[number];
export type StoreEntityName = Exclude<EntityName, WarehouseEntityName>;

export function isWarehouseEntity(name: EntityName): name is WarehouseEntityName {
  return (WAREHOUSE_ENTITIES as readonly string[]).includes(name);
}

/**
 * The operations beyond update that each entity's repository offers, so the config check can
 * refuse a mutation no repository runs without loading the repositories (they live with their
 * features: features/writes/entityRegistry.ts, held to this list by its test).
 */
export const DELETABLE_ENTITIES: readonly StoreEntityName[] = [
  'role',
  'groupArg',
  'athenaSchemaType',
  'amsSchema',
];
export const CREATABLE_WAREHOUSE_ENTITIES: readonly WarehouseEntityName[] = [
  'promoPlan',
  'product',
  'trackedCity',
];

/** The JSON Schema types a field of each type may declare in a mutation's schema. */
export const JSON_TYPES_OF: Record<FieldType, readonly string[]> = {
  string: ['string'],
  integer: ['integer'],
  number: ['number', 'integer'],
  date: ['string'],
  idList: ['array'],
  objectList: ['array'],
};
