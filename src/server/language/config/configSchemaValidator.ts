import { Ajv, type ErrorObject } from 'ajv';
import { CONFIG_SCHEMAS, FILE_SCHEMA_IDS, type ConfigFileKind } from './configSchemas.js';
import { allowedKinds, allowedProperties } from './schemaNames.js';
import { suggestName } from '../model/suggestName.js';
import { TENANT_COLUMN_MESSAGE } from './checkTenantScope.js';

export interface SchemaProblem {
  pointer: string;
  message: string;
  /** The unknown property an additionalProperties problem names, so its location can be its line. */
  property?: string;
}

export type ConfigSchemaValidator = (kind: ConfigFileKind, data: unknown) => SchemaProblem[];

/**
 * Strict ajv over the language's schemas. `discriminator` makes a node with a known kind report
 * only its own branch's errors, and an unknown kind one clear line, instead of one error per branch.
 */
export function createConfigSchemaValidator(): ConfigSchemaValidator {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictRequired: false,
    discriminator: true,
    allowUnionTypes: true,
    verbose: true, // parentSchema: the kinds and properties an unknown name is compared with
  });
  for (const schema of CONFIG_SCHEMAS) ajv.addSchema(schema);
  const validators = {
    area: ajv.getSchema(FILE_SCHEMA_IDS.area)!,
    screen: ajv.getSchema(FILE_SCHEMA_IDS.screen)!,
    dataset: ajv.getSchema(FILE_SCHEMA_IDS.dataset)!,
    shared: ajv.getSchema(FILE_SCHEMA_IDS.shared)!,
    caseRule: ajv.getSchema(FILE_SCHEMA_IDS.caseRule)!,
    slideView: ajv.getSchema(FILE_SCHEMA_IDS.slideView)!,
  };
  return (kind, data) => {
    const validate = validators[kind];
    if (validate(data)) return [];
    return dedupe((validate.errors ?? []).map(toProblem));
  };
}

function toProblem(error: ErrorObject): SchemaProblem {
  const at = error.instancePath;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      // Located at the key itself: the config must drop it, there is no better name to suggest.
      if (name === 'tenantColumn') return { pointer: `${at}/${name}`, message: TENANT_COLUMN_MESSAGE };
      return {
        pointer: at,
        message: `unknown property "${name}"${suggestName(name, allowedProperties(error.parentSchema))}`,
        property: name,
      };
    }
    case 'required':
      return { pointer: at, message: `missing required property "${String(p.missingProperty)}"` };
    case 'enum':
      return {
        pointer: at,
        message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'const':
      return { pointer: at, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'discriminator':
      return p.error === 'mapping'
        ? {
            pointer: `${at}/kind`,
            message: `unknown kind ${JSON.stringify(p.tagValue)}${suggestName(String(p.tagValue), allowedKinds(error.parentSchema))}`,
          }
        : { pointer: at, message: 'missing required property "kind"' };
    case 'uniqueItems': {
      const [a, b] = [Number(p.i), Number(p.j)].sort((x, y) => x - y);
      return { pointer: at, message: `must not repeat an item (items ${a} and ${b} are equal)` };
    }
    case 'pattern':
      return { pointer: at, message: `must match ${String(p.pattern)}` };
    default:
      return { pointer: at, message: error.message ?? 'is invalid' };
  }
}

function dedupe(problems: SchemaProblem[]): SchemaProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
