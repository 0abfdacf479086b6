import { CONFIG_SCHEMAS, FILE_SCHEMA_IDS, type ConfigFileKind } from '../../language/config/configSchemas.js';

type Json = unknown;
const FILE_OF_ID = /([^/]+\.schema\.json)$/;

/** 'https://…/screen.schema.json' -> 'screen.schema.json'. */
function fileName(id: string): string {
  return FILE_OF_ID.exec(id)?.[1] ?? id;
}

/** Rewrites every $ref of one schema file so it points into the bundle's `definitions`. */
function rebase(node: Json, file: string): Json {
  if (Array.isArray(node)) return node.map((n) => rebase(n, file));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      const [target = '', fragment = ''] = value.split('#');
      out.$ref = `#/definitions/${target === '' ? file : target}${fragment}`;
    } else {
      out[key] = rebase(value, file);
    }
  }
  return out;
}

/** What an author may write instead of a node: a shared definition by name, with local overrides. */
const USE = {
  type: 'string',
  description: 'Name of a shared definition in screens/shared/*.json; the other properties override it.',
};

/**
 * The schemas describe files as the server resolves them; authors write the source form, where a
 * node may be `{ "use": name, ...overrides }` (schemas/README.md). So an object's required
 * properties are required only when it has no `use`, and `oneOf` becomes `anyOf` (a `use` node
 * without its kind fits several branches). The structure stays, so `$ref` paths still resolve;
 * this bundle drives completion and hover, while errors come from the server's validator.
 */
function sourceForm(node: Json): Json {
  if (Array.isArray(node)) return node.map(sourceForm);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) out[key === 'oneOf' ? 'anyOf' : key] = sourceForm(value);
  if (Array.isArray(out.required)) {
    if (out.properties && typeof out.properties === 'object')
      out.properties = { ...out.properties, use: USE };
    out.if = { required: ['use'] };
    out.else = { required: out.required };
    delete out.required;
  }
  return out;
}

/** Fields a file may leave out because its path says them (area, id, permission). */
const DERIVED = new Set(['area', 'id', 'permission']);

const bundles = new Map<ConfigFileKind, object>();

/**
 * The language's schema for one file kind as a single self-contained document: editors'
 * JSON-schema support (completion, hover docs) resolves only local `$ref`s, while our schemas
 * reference each other by file name. Every file sits under `definitions/<file name>`.
 */
export function editorSchema(kind: ConfigFileKind): object {
  const cached = bundles.get(kind);
  if (cached) return cached;
  const definitions: Record<string, Json> = {};
  for (const schema of CONFIG_SCHEMAS as { $id: string }[]) {
    const file = fileName(schema.$id);
    const { $id: _id, $schema: _draft, ...body } = schema as Record<string, Json>;
    definitions[file] = sourceForm(rebase(body, file));
  }
  const rootFile = fileName(FILE_SCHEMA_IDS[kind]);
  const root = { ...(definitions[rootFile] as Record<string, Json>) };
  const required = (root.else as { required?: Json[] } | undefined)?.required;
  if (required) root.else = { required: required.filter((r) => !DERIVED.has(String(r))) };
  delete root.definitions;
  const bundle = { $schema: 'http://json-schema.org/draft-07/schema#', ...root, definitions };
  bundles.set(kind, bundle);
  return bundle;
}
