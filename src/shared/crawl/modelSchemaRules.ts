import type { FieldProblem } from '../errors.js';

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

const isJsonPath = (source: string): boolean => source.trim().startsWith('$');

/**
 * Sources that cannot fit the schema's response type, each at its field (`dataModel[2].source`,
 * `items`): an HTML page is read with CSS selectors, a JSON answer with JSONPath. Checked before a
 * Test or a save, so a JSONPath on an HTML schema is a message, never a failed run.
 */
export function sourceProblems(schema: ModelSchema, responseType: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const check = (path: string, label: string, source: string) => {
    if (source.trim() === '') problems.push({ path, message: `${label}: the source can not be empty.` });
    else if (responseType === 'HTML' && isJsonPath(source))
      problems.push({
        path,
        message: `${label}: "${source}" is a JSONPath; an HTML schema's source is a CSS selector, e.g. .price`,
      });
    else if (responseType === 'JSON' && !isJsonPath(source))
      problems.push({
        path,
        message: `${label}: "${source}" is not a JSONPath; a JSON schema's source starts with $, e.g. $.price`,
      });
  };
  if (typeof schema.items === 'string') check('items', 'items', schema.items);
  schema.dataModel.forEach((entry, i) => check(`dataModel[${i}].source`, entry.name, entry.source));
  return problems;
}
