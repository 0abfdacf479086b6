import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMAS } from './configSchemas.js';

type Json = Record<string, unknown>;

/** Walks every subschema of a file, with its JSON pointer. */
function* subschemas(node: unknown, at = ''): Generator<[string, Json]> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) yield* subschemas(n, `${at}/${i}`);
    return;
  }
  yield [at, node as Json];
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, prop] of Object.entries(value as Json))
        yield* subschemas(prop, `${at}/properties/${name}`);
    } else if (key === 'definitions' && value && typeof value === 'object') {
      for (const [name, def] of Object.entries(value as Json))
        yield* subschemas(def, `${at}/definitions/${name}`);
    } else if (key === 'items' || key === 'oneOf' || key === 'additionalProperties') {
      yield* subschemas(value, `${at}/${key}`);
    }
  }
}

describe('the config language schemas (house rules)', () => {
  for (const schema of CONFIG_SCHEMAS as Json[]) {
    const file = String(schema.$id).split('/').pop()!;
    it(`${file}: every field has a description and every object refuses unknown properties`, () => {
      const missing: string[] = [];
      for (const [at, node] of subschemas(schema)) {
        if (node.properties) {
          if (node.additionalProperties !== false) missing.push(`${at}: additionalProperties must be false`);
          for (const [name, prop] of Object.entries(node.properties as Json)) {
            const p = prop as Json;
            // A ref into measureCommon reuses a field that carries its own description there.
            const described =
              typeof p.description === 'string' ||
              (typeof p.$ref === 'string' && p.$ref.includes('/properties/'));
            if (!described) missing.push(`${at}/properties/${name}: no description`);
          }
        }
        if (Array.isArray(node.oneOf) && node.discriminator === undefined)
          missing.push(`${at}: oneOf without a kind discriminator`);
      }
      expect(missing).toEqual([]);
    });
  }
});
