/**
 * Generates src/shared/config.gen.ts from schemas/*.schema.json (json-schema-to-typescript).
 * `--check` fails (exit 1) when the committed file differs from what the schemas give, so CI
 * catches a schema edit without a regenerate.
 */
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemasDir = path.join(root, 'schemas');
const outFile = path.join(root, 'src/shared/config.gen.ts');

const HEADER = '/* generated — do not edit; run `npm run gen` (source: schemas/*.schema.json) */\n';

type Json = Record<string, unknown>;
const readSchema = (file: string): Json =>
  JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8')) as Json;

/**
 * Bundles every file into one schema whose refs are all local: json-schema-to-typescript's ref
 * parser mis-resolves `#/...` refs inside files reached from other files, and one root also
 * emits each named type exactly once. A file's root becomes definitions[<file>], its
 * definitions become definitions[<file>__<name>].
 */
function bundle(files: string[]): JSONSchema {
  const definitions: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  for (const file of files) {
    const name = file.replace('.schema.json', '');
    const { definitions: defs = {}, $schema: _s, $id: _i, ...rootPart } = readSchema(file);
    for (const [key, def] of Object.entries(defs as Json))
      definitions[`${name}__${key}`] = localiseRefs(def, name);
    // Node files' roots only point at one of their definitions; area, screen and dataset are real types.
    if (rootPart.properties) {
      definitions[name] = localiseRefs(rootPart, name);
      properties[name] = { $ref: `#/definitions/${name}` };
    }
  }
  return {
    title: 'ShelfscopeConfigFiles',
    type: 'object',
    additionalProperties: false,
    properties,
    definitions,
  } as JSONSchema;
}

function localiseRefs(node: unknown, file: string): unknown {
  if (Array.isArray(node)) return node.map((n) => localiseRefs(n, file));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Json;
  if (typeof $ref === 'string') return refNode($ref, rest, file);
  const out: Json = {};
  for (const [key, value] of Object.entries(rest)) out[key] = localiseRefs(value, file);
  return out;
}

/**
 * A `$ref` with a sibling description would make json-schema-to-typescript mint an alias per use
 * (Identifier1, Identifier2 ...): plain string/number building blocks are inlined (keeping the
 * field's own description); named enums and objects stay one shared type.
 */
function refNode(ref: string, siblings: Json, file: string): Json {
  const target = resolveRef(ref, file);
  const shared = target.enum !== undefined || target.type === 'object' || target.oneOf !== undefined;
  if (shared || target.properties) return { $ref: localRef(ref, file) };
  const { title: _t, ...inlined } = target;
  const targetFile = ref.split('#')[0]?.replace('.schema.json', '') || file;
  return { ...(localiseRefs(inlined, targetFile) as Json), ...siblings };
}

function resolveRef(ref: string, file: string): Json {
  const [target, pointer = ''] = ref.split('#') as [string, string?];
  let node: unknown = readSchema(target || `${file.replace('.schema.json', '')}.schema.json`);
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Json)[part];
  return node as Json;
}

function localRef(ref: string, file: string): string {
  const [target, pointer = ''] = ref.split('#') as [string, string?];
  const name = target ? target.replace('.schema.json', '') : file;
  const match = /^\/definitions\/([^/]+)(.*)$/.exec(pointer);
  return match ? `#/definitions/${name}__${match[1]}${match[2]}` : `#/definitions/${name}${pointer}`;
}

/** Kinds of every union node (`oneOf` on kind), as `as const` maps: the runtime's registries key on them. */
function kindMaps(files: string[]): string {
  const out: string[] = [];
  for (const file of files) {
    const defs = (readSchema(file).definitions ?? {}) as Record<string, Json>;
    for (const def of Object.values(defs)) {
      if (!Array.isArray(def.oneOf) || typeof def.title !== 'string') continue;
      const kinds: string[] = [];
      for (const branch of def.oneOf as Json[]) kinds.push(...branchKinds(file, String(branch.$ref)));
      const name = def.title.replace(/Node$/, '');
      const constName = `${name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}_KINDS`;
      const entries = kinds.map((k) => `  ${k}: '${k}',`).join('\n');
      out.push(
        `/** Kinds of ${def.title}. */\nexport const ${constName} = {\n${entries}\n} as const;\nexport type ${name}Kind = keyof typeof ${constName};\n`,
      );
    }
  }
  return out.join('\n');
}

function branchKinds(file: string, ref: string): string[] {
  const kind = (resolveRef(ref, file).properties as Json).kind as Json;
  return kind.const !== undefined ? [kind.const as string] : (kind.enum as string[]);
}

async function generate(): Promise<string> {
  const files = readdirSync(schemasDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
  const types = await compile(bundle(files), 'ShelfscopeConfigFiles', {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: false,
    strictIndexSignatures: true,
    format: false,
    ignoreMinAndMaxItems: true,
  });
  const source = `${HEADER}\n${types}\n${kindMaps(files)}`;
  const options = (await prettier.resolveConfig(outFile)) ?? {};
  return prettier.format(source, { ...options, parser: 'typescript' });
}

const next = await generate();
if (process.argv.includes('--check')) {
  const current = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
  if (current !== next) {
    console.error('src/shared/config.gen.ts is stale: run `npm run gen` and commit the result.');
    process.exit(1);
  }
  console.log('config.gen.ts is up to date.');
} else {
  writeFileSync(outFile, next);
  console.log('wrote src/shared/config.gen.ts');
}
