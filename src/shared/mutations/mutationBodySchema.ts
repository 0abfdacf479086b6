import type { MutationNode } from '../config.gen.js';
import { EMAIL_PATTERN } from '../auth/accessRules.js';

type Json = Record<string, unknown>;

/** Bounds for fields whose schema sets none: a 1 MB string or a 10k-element list is a 400, not a write. */
export const DEFAULT_MAX_LENGTH = 1000;
export const DEFAULT_MAX_ITEMS = 500;

/** The read token every update, delete and toggle sends: the row's id and updated_at as read. */
export const ROW_KEYS = ['id', 'updated_at'] as const;

function bounded(node: Json): Json {
  if (node.type === 'string') return { maxLength: DEFAULT_MAX_LENGTH, ...node };
  if (node.type === 'array') return { maxItems: DEFAULT_MAX_ITEMS, ...node };
  return node;
}

/**
 * The one JSON Schema of a mutation's body: the form renders and validates with it (rjsf), the
 * server validates the request with it (ajv). Built from the config's schema and checks, so the
 * two sides cannot drift: `required` adds the field to `required` and refuses blanks and empty
 * lists, `email` adds the e-mail pattern, every string and list gets a bound, no other field passes.
 * Update, delete and toggle also carry the row's id and updated_at (optimistic concurrency).
 */
export function mutationBodySchema(mutation: MutationNode): Json {
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  const writes = mutation.operation === 'create' || mutation.operation === 'update';
  if (writes)
    for (const [name, node] of Object.entries(mutation.schema?.properties ?? {}))
      properties[name] = bounded(node as Json);
  for (const check of mutation.checks ?? []) {
    const node = properties[check.field];
    if (!node) continue;
    if (check.kind === 'required') {
      if (!required.includes(check.field)) required.push(check.field);
      properties[check.field] =
        node.type === 'array' ? { minItems: 1, ...node } : { pattern: '\\S', ...node };
    }
    if (check.kind === 'email') properties[check.field] = { ...node, pattern: EMAIL_PATTERN.source };
  }
  if (mutation.operation !== 'create') {
    properties.id = { type: 'integer', minimum: 1, maximum: 2147483647 };
    properties.updated_at = { type: 'string', maxLength: 40 };
    required.push(...ROW_KEYS);
  }
  return {
    type: 'object',
    ...(mutation.schema?.title ? { title: mutation.schema.title } : {}),
    additionalProperties: false,
    required,
    properties,
  };
}
