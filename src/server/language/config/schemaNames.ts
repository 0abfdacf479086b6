import { CONFIG_SCHEMAS } from './configSchemas.js';

type Schema = {
  $id?: string;
  $ref?: string;
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  const?: unknown;
  enum?: unknown[];
};

/**
 * The names a schema node allows, for "did you mean" on schema errors: the kinds of a node chosen
 * by its `kind` (the `const` of each oneOf branch) and the properties of an object.
 */
export function allowedKinds(node: unknown): string[] {
  const parent = node as Schema;
  return (parent.oneOf ?? []).flatMap((branch) => {
    const kind = (branch.$ref ? resolve(branch.$ref, parent) : branch)?.properties?.kind;
    return [kind?.const, ...(kind?.enum ?? [])].filter((k): k is string => typeof k === 'string');
  });
}

export function allowedProperties(node: unknown): string[] {
  return Object.keys((node as Schema).properties ?? {});
}

/** A `file#/pointer` or `#/pointer` $ref, the latter inside the schema file that holds `from`. */
function resolve(ref: string, from: Schema): Schema | undefined {
  const [file, fragment = ''] = ref.split('#');
  const roots = CONFIG_SCHEMAS as Schema[];
  const root = file ? roots.find((s) => s.$id?.endsWith(`/${file}`)) : roots.find((s) => holds(s, from));
  let node: unknown = root;
  for (const token of fragment.split('/').slice(1))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[token] : undefined;
  return node as Schema | undefined;
}

function holds(tree: unknown, target: unknown): boolean {
  if (tree === target) return true;
  if (!tree || typeof tree !== 'object') return false;
  return Object.values(tree).some((child) => holds(child, target));
}
