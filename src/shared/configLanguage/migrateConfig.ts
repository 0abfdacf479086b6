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
 * 1 -> 2: version 2 adds shared definitions (`use`), derives `area`, `id` and `permission` from
 * the path and leaves `pageSize` to the one page-size rule; every version 1 file already states
 * all of those, so its content carries over as written.
 */
const STEPS: readonly MigrationStep[] = [{ from: 1, migrate: (data) => ({ ...data, schemaVersion: 2 }) }];

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
