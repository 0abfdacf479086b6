import type { AreaConfig, CaseRuleConfig, DatasetConfig, ScreenConfig } from '../../../shared/config.gen.js';
import type { ConfigProblem, ConfigSnapshot } from './configRegistry.js';
import { createConfigSchemaValidator, type ConfigSchemaValidator } from './configSchemaValidator.js';
import { readConfigFiles, type ReadConfigOptions } from './readConfigFiles.js';
import { checkDataset } from './checkDataset.js';
import { checkCaseRule } from './checkCaseRule.js';
import { checkWarehouseColumns } from './checkWarehouseColumns.js';
import { checkTenantScope } from './checkTenantScope.js';
import { checkScreen } from './checkScreen.js';
import { checkMutations } from './checkMutations.js';
import { checkAreas } from './checkAreas.js';
import { checkCharts } from './checkCharts.js';
import { checkDrills } from './checkDrills.js';
import { checkUnlistedScreens } from './checkUnlistedScreens.js';
import { collectEndpoints, type ScreenFile } from './checkEndpoints.js';
import { variantScreens } from './variantScreens.js';
import { indexDataset, type DatasetIndex } from '../model/datasetIndex.js';

/** Warnings (problems with severity 'warning') come apart: they never refuse a snapshot. */
export type SnapshotResult = { warnings: ConfigProblem[] } & (
  { snapshot: ConfigSnapshot; problems: [] } | { snapshot: null; problems: ConfigProblem[] }
);

let sharedValidator: ConfigSchemaValidator | null = null;

/**
 * Reads (parse, migrate, expand shared definitions), validates (schemas first, then
 * cross-references of the schema-valid files) and indexes every file of the screens folder; a
 * snapshot only when there is no problem at all. Every problem points at the file, pointer, line
 * and column where its node was written.
 */
export function buildConfigSnapshot(
  dir: string,
  version: number,
  options: Pick<ReadConfigOptions, 'drafts'> = {},
): SnapshotResult {
  sharedValidator ??= createConfigSchemaValidator();
  const validate = sharedValidator;
  const read = readConfigFiles(dir, { ...options, validateShared: (data) => validate('shared', data) });
  const { files, present, problems } = read;
  const valid = files.filter((f) => {
    const schemaProblems = validate(f.kind, f.data);
    for (const p of schemaProblems) problems.push({ file: f.file, ...p });
    return schemaProblems.length === 0;
  });

  const datasets = new Map<string, DatasetIndex>();
  const areas = new Map<string, { file: string; area: AreaConfig }>();
  const screenFiles: ScreenFile[] = [];
  const caseRules = new Map<string, CaseRuleConfig>();
  for (const f of valid) {
    if (f.kind === 'caseRule') {
      caseRules.set(f.id, f.data as CaseRuleConfig);
      continue;
    }
    if (f.kind === 'dataset') {
      problems.push(...checkDataset(f.file, f.id, f.data as DatasetConfig));
      problems.push(...checkWarehouseColumns(f.file, f.data as DatasetConfig));
      datasets.set(f.id, indexDataset(f.data as DatasetConfig));
    } else if (f.kind === 'area') {
      areas.set(f.id, { file: f.file, area: f.data as AreaConfig });
    } else {
      screenFiles.push({ file: f.file, key: `${f.area!}/${f.id}`, screen: f.data as ScreenConfig });
    }
  }
  for (const f of valid.filter((v) => v.kind === 'caseRule'))
    problems.push(...checkCaseRule(f.file, f.data as CaseRuleConfig, datasets));
  for (const f of valid.filter((v) => v.kind === 'screen')) {
    problems.push(...checkScreen(f.file, f.area!, f.id, f.data as ScreenConfig, datasets));
    problems.push(...checkCharts(f.file, f.data as ScreenConfig, datasets));
    problems.push(...checkTenantScope(f.file, f.data as ScreenConfig));
  }
  const activities = new Set(screenFiles.map((s) => s.screen.permission));
  for (const s of screenFiles) problems.push(...checkMutations(s.file, s.screen, activities));
  const variants = variantScreens(areas, screenFiles, problems);
  const endpoints = collectEndpoints(screenFiles, problems, variants);
  const allScreens = new Map([...screenFiles, ...variants].map((s) => [s.key, s.screen]));
  problems.push(...checkDrills(screenFiles, allScreens, present));
  const folders = new Set(files.filter((f) => f.area !== null).map((f) => f.area!));
  problems.push(...checkAreas(areas, folders, present));
  problems.push(
    ...checkUnlistedScreens(
      areas,
      screenFiles.map((s) => s.key),
    ),
  );
  const located = read.locator.locateAll(problems);
  const warnings = located.filter((p) => p.severity === 'warning');
  const errors = located.filter((p) => p.severity !== 'warning');
  if (errors.length > 0) return { snapshot: null, problems: errors, warnings };
  return {
    snapshot: {
      version,
      areas: new Map([...areas].map(([id, a]) => [id, a.area])),
      screens: allScreens,
      datasets: new Map([...datasets].map(([id, d]) => [id, d.config])),
      caseRules,
      endpoints,
    },
    problems: [],
    warnings,
  };
}
