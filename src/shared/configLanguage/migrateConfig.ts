/**
 * Migrations of config files to the current language version, applied on read (before expansion
 * and validation), one version step at a time, as Grafana's DashboardMigrator does. A file is
 * never rewritten on disk: an old file keeps loading, and `npm run screens:check` keeps passing.
 */
export const CURRENT_SCHEMA_VERSION = 2;

type Json = Record<string, unknown>;

interface MigrationStep {
  /** The version this step reads; it returns the next one. */
  from: number;
  migrate(data: Json): Json;
}

/**
 * Version 1 filters got these rules from engine code keyed by field and source names; version 2
 * declares them on the filter (linked, clears, suggestionDefaults), so a version 1 file keeps
 * the behaviour it had.
 */
const V1_ENGINE_RULES: { applies: (f: Json) => boolean; declare: Json }[] = [
  {
    applies: (f) => f.field === 'label_category_id' && (f.kind === 'multiSelect' || f.kind === 'typeahead'),
    declare: {
      linked: {
        map: 'label_category_ids',
        param: 'label_category',
        into: ['category_id'],
        alsoMerges: ['mapped_category_id'],
      },
    },
  },
  {
    applies: (f) => f.field === 'city_zone_id' && (f.kind === 'multiSelect' || f.kind === 'typeahead'),
    declare: { linked: { map: 'city_zone_ids', param: 'city_zone', into: ['city_id', 'city'] } },
  },
  {
    applies: (f) =>
      f.field === 'self_comp' && ['multiSelect', 'singleSelect', 'radio'].includes(String(f.kind)),
    declare: { clears: ['brand_id', 'category_id', 'label_category_id'] },
  },
  {
    applies: (f) => typeof f.source === 'string' && f.source.startsWith('brand') && f.kind !== 'radio',
    declare: { suggestionDefaults: { attr_type_id: 0 } },
  },
];

function declareV1Rules(filter: unknown): unknown {
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) return filter;
  let out = filter as Json;
  for (const rule of V1_ENGINE_RULES) if (rule.applies(out)) out = { ...rule.declare, ...out };
  return out;
}

/**
 * 1 -> 2: version 2 adds shared definitions (`use`), derives `area`, `id` and `permission` from
 * the path, leaves `pageSize` to the one page-size rule, and declares filter rules in config;
 * every version 1 file already states the first three, and gets its filters' rules declared.
 */
const STEPS: readonly MigrationStep[] = [
  {
    from: 1,
    migrate: (data) => ({
      ...data,
      schemaVersion: 2,
      ...(Array.isArray(data.filters) ? { filters: data.filters.map(declareV1Rules) } : {}),
    }),
  },
];

/**
 * The file's data at CURRENT_SCHEMA_VERSION. A file without a numeric version, or with one newer
 * than this server knows, is returned unchanged: the schema check reports its version.
 */
export function migrateConfig(data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  let out = data as Json;
  for (const step of STEPS) if (out.schemaVersion === step.from) out = step.migrate(out);
  return out;
}
