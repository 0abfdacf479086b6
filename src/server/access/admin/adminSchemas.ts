import { idSchema, INT32_MAX } from '../../platform/http/ids.js';
import { CRAWL_TYPE_IDS } from '../../../shared/crawl/crawlVocabulary.js';

/**
 * Body and query schemas of the admin routes. Fields the spec words a message for are not
 * `required` here: the service answers their absence with the spec's message. Everything is
 * bounded (lengths, item counts) and closed (no unknown fields), so bad bodies are 400s.
 */
const text = (max = 200) => ({ type: 'string', maxLength: max }) as const;
const ids = { type: 'array', maxItems: 200, items: idSchema } as const;

export const mappingItem = {
  type: 'object',
  additionalProperties: false,
  required: ['group_id', 'role_id'],
  properties: {
    group_id: idSchema,
    role_id: idSchema,
    status: { type: 'boolean' },
    is_delete: { type: 'boolean' },
    // Display fields the form keeps on each row; accepted and ignored.
    group: text(),
    role: text(),
    is_new_entry: { type: 'boolean' },
  },
} as const;

/** object_array / activity_id: a JSON-encoded list (as the spec sends it) or the list itself. */
// One schema with two types, not anyOf: with coerceTypes 'array' a failed anyOf branch can leave the value unwrapped.
const encodedList = (item: object) => ({
  type: ['string', 'array'],
  maxLength: 100_000,
  maxItems: 500,
  items: item,
});

export const userBody = (edit: boolean) =>
  ({
    type: 'object',
    additionalProperties: false,
    ...(edit ? { required: ['id'] } : {}),
    properties: {
      ...(edit ? { id: idSchema } : {}),
      user_name: text(254),
      first_name: text(100),
      last_name: text(100),
      object_array: encodedList(mappingItem),
    },
  }) as const;

export const roleBody = (edit: boolean) =>
  ({
    type: 'object',
    additionalProperties: false,
    ...(edit ? { required: ['role_id'] } : {}),
    properties: {
      ...(edit ? { role_id: idSchema } : {}),
      groupId: { anyOf: [idSchema, { type: 'null' }] },
      name: text(100),
      description: text(1000),
      activity_id: encodedList(idSchema),
    },
  }) as const;

const groupFields = {
  groupName: text(100),
  channels: ids,
  notifyToEmail: text(254),
  end_date: text(10),
  crawl_type: { type: 'array', maxItems: 50, items: { type: 'integer', enum: CRAWL_TYPE_IDS } },
  accountRequestedBy: text(),
  accountManagerName: text(),
  accountManagerEmail: text(254),
  associate1Name: text(),
  associate1Email: text(254),
  associate2Name: text(),
  associate2Email: text(254),
  taskId: text(100),
  comments: text(2000),
  operationType: { type: 'array', maxItems: 10, items: { type: 'integer', minimum: 0, maximum: 100 } },
  schema_type: ids,
} as const;

export const groupCreateBody = {
  type: 'object',
  additionalProperties: false,
  properties: groupFields,
} as const;

export const groupEditBody = {
  type: 'object',
  additionalProperties: false,
  required: ['group_id', 'updated_at'],
  properties: { ...groupFields, group_id: idSchema, updated_at: { type: 'string', format: 'date-time' } },
} as const;

export const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 10 },
    offset: { type: 'integer', minimum: 0, maximum: INT32_MAX, default: 0 },
    search: text(100),
    group_id: idSchema,
  },
} as const;

export const prefixQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { prefix: text(100), limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
} as const;

export const idBody = (key: string) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: [key],
    properties: { [key]: idSchema },
  }) as const;
