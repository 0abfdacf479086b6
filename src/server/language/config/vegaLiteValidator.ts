import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { suggestName } from '../model/suggestName.js';
import type { SchemaProblem } from './configSchemaValidator.js';

let compiled: ValidateFunction | null = null;

/**
 * Vega-Lite's own JSON Schema (the one the installed vega-lite ships), compiled on first use.
 * inlineRefs off and no code optimisation bring the compile of its 1.9 MB from ~6 s to ~1.5 s;
 * formats (uri) are not checked, as Vega-Lite itself does not.
 */
function validator(): ValidateFunction {
  if (compiled) return compiled;
  const file = createRequire(import.meta.url).resolve('vega-lite/vega-lite-schema.json');
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    allowUnionTypes: true,
    validateSchema: false,
    validateFormats: false,
    inlineRefs: false,
    code: { optimize: false },
    verbose: true, // parentSchema: the properties an unknown one is compared with
  });
  compiled = ajv.compile(JSON.parse(readFileSync(file, 'utf8')) as object);
  return compiled;
}

/**
 * Problems of one chart spec as the runtime embeds it (the runtime adds the data), at most one:
 * Vega-Lite's schema is a large union, so of all the errors only those at the deepest place are
 * read, which is where the author went wrong.
 */
export function validateVegaLite(spec: Record<string, unknown>): SchemaProblem[] {
  const validate = validator();
  if (validate({ ...spec, data: { values: [] } })) return [];
  const errors = validate.errors ?? [];
  const depth = (e: ErrorObject) => e.instancePath.split('/').length;
  const deepest = Math.max(...errors.map(depth));
  const at = errors.filter((e) => depth(e) === deepest);
  const where = at[0]!.instancePath;
  return [{ pointer: where, message: `Vega-Lite: ${describe(at, valueAt(spec, where))}` }];
}

function describe(errors: ErrorObject[], value: unknown): string {
  const unknown = errors.find((e) => e.keyword === 'additionalProperties');
  if (unknown) {
    const name = String((unknown.params as { additionalProperty: string }).additionalProperty);
    const known = errors
      .filter((e) => e.keyword === 'additionalProperties')
      .flatMap((e) => Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {}));
    return `unknown property "${name}"${known.length ? suggestName(name, known) : ''}`;
  }
  const allowed = errors.flatMap((e) => {
    const p = e.params as { allowedValues?: unknown[]; allowedValue?: unknown };
    return e.keyword === 'enum' ? (p.allowedValues ?? []) : e.keyword === 'const' ? [p.allowedValue] : [];
  });
  const names = allowed.filter((v): v is string => typeof v === 'string');
  if (names.length > 0)
    return `${JSON.stringify(value)} is not allowed here${suggestName(String(value), names)}`;
  const messages = [...new Set(errors.filter((e) => e.keyword !== 'anyOf').map((e) => e.message ?? ''))];
  return messages.join(' or ') || 'does not match the Vega-Lite schema';
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}
