/**
 * A value that a JSON Schema accepts, built from the schema alone, with a hook that decides the
 * value of a named field first (how a sweep puts another tenant's ids into ids, group ids, ...).
 */
import type { JsonSchema } from './openApiOperations.js';

/** A field's value chosen by the caller, or undefined to let the schema decide. */
export type FieldHint = (name: string, schema: JsonSchema) => unknown;

const DATE = '2026-11-01';

export function sampleOf(
  schema: JsonSchema | undefined,
  name = '',
  hint: FieldHint = () => undefined,
): unknown {
  if (!schema) return undefined;
  const hinted = hint(name, schema);
  if (hinted !== undefined) return hinted;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) {
    // The first branch that is not null: null alone rarely exercises anything.
    const branch = branches.find((b) => b.type !== 'null') ?? branches[0];
    return sampleOf(branch, name, hint);
  }
  if (schema.allOf?.length) return sampleOf(Object.assign({}, ...schema.allOf) as JsonSchema, name, hint);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const item = sampleOf(schema.items, name.replace(/s$/, ''), hint);
      return item === undefined ? [] : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'string':
      return stringFor(schema, name);
    case 'object':
    default: {
      if (!schema.properties) return type === 'object' || schema.required ? {} : undefined;
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties)) {
        const value = sampleOf(prop, key, hint);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
  }
}

function stringFor(schema: JsonSchema, name: string): string {
  if (schema.format === 'email' || /mail|user_name|username/i.test(name)) return 'matrix@example.com';
  if (schema.format === 'date' || /date$/i.test(name)) return DATE;
  if (schema.format === 'date-time' || /_at$|At$/.test(name)) return new Date().toISOString();
  if (schema.pattern && !new RegExp(schema.pattern).test('matrix')) {
    if (new RegExp(schema.pattern).test('1')) return '1';
    if (new RegExp(schema.pattern).test(DATE)) return DATE;
    if (new RegExp(schema.pattern).test('stock/kpi')) return 'stock/kpi';
  }
  const text = 'matrix';
  return text
    .padEnd(schema.minLength ?? 0, 'x')
    .slice(0, schema.maxLength ?? text.length + (schema.minLength ?? 0));
}
