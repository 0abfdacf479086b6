/** The schema editor's checks and messages (spec §5 and §8, verbatim), for client and server. */
export const MODEL_SCHEMA_MSG = {
  notJson: 'Model Schema Is Not A Valid JSON Object.',
  empty: 'Can Not Submit An Empty Model Schema.',
  noDataModel: 'Schema Must have dataModel Property.',
  notArray: 'Data model Must Be Of Type Array.',
  emptyArray: 'Data model Can Not Be Empty.',
  notObject: 'Each Data Model Value Must be an Object',
  missingKeys: 'Each Data Model Object Must Have Type, Source And defaultValue.',
  updated: 'Schema Updated Successfully !',
  inserted: 'New Schema Model Inserted Successfully !',
  invalidType: 'Invalid Schema Type.',
  updateFailed: 'Unable to Update Schema Model.',
  insertFailed: 'Unable to Insert Schema Model.',
  crawlTypesFailed: 'Unable to load Crawl Types,Please Refresh or try again.',
  refresh: 'Please Refresh or try again.',
  // Beyond the spec: an entry must say which field it fills, and with a known type.
  noName: 'Each Data Model Object Must Have A name.',
  badEntryType: 'Each Data Model type Must Be One Of string, number, integer, price.',
} as const;

export const DATA_MODEL_TYPES = ['string', 'number', 'integer', 'price'] as const;
export type DataModelType = (typeof DATA_MODEL_TYPES)[number];

/** One extracted field: where it is on the page and what it is when absent. */
export interface DataModelEntry {
  name: string;
  type: DataModelType;
  /** CSS selector (HTML; alternatives separated by commas) or JSONPath (JSON). */
  source: string;
  defaultValue: string | number | null;
  /** Page text -> value, e.g. 'In stock' -> 1. */
  map?: Record<string, string | number>;
  /** HTML: read this attribute of the match instead of its text (alternatives separated by commas). */
  attribute?: string;
}

export interface ModelSchema {
  dataModel: DataModelEntry[];
  /**
   * Listing pages (search results, category listings): the repeating result, a CSS selector (HTML)
   * or JSONPath (JSON); each dataModel source is then read inside one result (an HTML result
   * itself when it matches the selector).
   */
  items?: string;
  [key: string]: unknown;
}

export type ModelSchemaCheck = { ok: true; schema: ModelSchema } | { ok: false; msg: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The editor's checks, in the spec's order: the first failing one names the problem. */
export function checkModelSchema(text: string): ModelSchemaCheck {
  if (text.trim() === '') return { ok: false, msg: MODEL_SCHEMA_MSG.empty };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, msg: MODEL_SCHEMA_MSG.notJson };
  }
  if (!isObject(parsed)) return { ok: false, msg: MODEL_SCHEMA_MSG.notJson };
  if (Object.keys(parsed).length === 0) return { ok: false, msg: MODEL_SCHEMA_MSG.empty };
  if (!('dataModel' in parsed)) return { ok: false, msg: MODEL_SCHEMA_MSG.noDataModel };
  const model = parsed.dataModel;
  if (!Array.isArray(model)) return { ok: false, msg: MODEL_SCHEMA_MSG.notArray };
  if (model.length === 0) return { ok: false, msg: MODEL_SCHEMA_MSG.emptyArray };
  for (const entry of model as unknown[]) {
    if (!isObject(entry)) return { ok: false, msg: MODEL_SCHEMA_MSG.notObject };
    if (!('type' in entry) || !('source' in entry) || !('defaultValue' in entry)) {
      return { ok: false, msg: MODEL_SCHEMA_MSG.missingKeys };
    }
    if (typeof entry.name !== 'string' || entry.name === '')
      return { ok: false, msg: MODEL_SCHEMA_MSG.noName };
    if (!DATA_MODEL_TYPES.includes(entry.type as DataModelType) || typeof entry.source !== 'string') {
      return { ok: false, msg: MODEL_SCHEMA_MSG.badEntryType };
    }
  }
  return { ok: true, schema: parsed as ModelSchema };
}
