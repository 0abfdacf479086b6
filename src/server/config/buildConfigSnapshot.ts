import type { AreaConfig, DatasetConfig, ScreenConfig } from '../../shared/config.gen.js';
import type { ConfigProblem, ConfigSnapshot, EndpointBinding } from './configRegistry.js';
import { pointer } from './configProblems.js';
import { createConfigSchemaValidator, type ConfigSchemaValidator } from './configSchemaValidator.js';
import { readConfigFiles, type RawConfigFile } from './readConfigFiles.js';
import { checkDataset } from './checkDataset.js';
import { checkScreen } from './checkScreen.js';
import { indexDataset, type DatasetIndex } from './datasetIndex.js';

/** Paths other plugins own under /api/v1: a config endpoint there would be shadowed. */
const RESERVED_PREFIXES = ['config', 'suggestion'];

export type SnapshotResult =
  { snapshot: ConfigSnapshot; problems: [] } | { snapshot: null; problems: ConfigProblem[] };

let sharedValidator: ConfigSchemaValidator | null = null;

/** Reads, validates and cross-checks every file of the screens folder; a snapshot only when all is valid. */
export function buildConfigSnapshot(dir: string, version: number): SnapshotResult {
  sharedValidator ??= createConfigSchemaValidator();
  const validate = sharedValidator;
  const { files, present, problems } = readConfigFiles(dir);
  const valid: RawConfigFile[] = [];
  for (const f of files) {
    const schemaProblems = validate(f.kind, f.data);
    for (const p of schemaProblems) problems.push({ file: f.file, ...p });
    if (schemaProblems.length === 0) valid.push(f);
  }
  const datasets = new Map<string, DatasetIndex>();
  for (const f of valid.filter((v) => v.kind === 'dataset')) {
    const ds = f.data as DatasetConfig;
    problems.push(...checkDataset(f.file, f.id, ds));
    datasets.set(f.id, indexDataset(ds));
  }
  const areas = new Map<string, AreaConfig>();
  const areaFiles = new Map<string, string>();
  for (const f of valid.filter((v) => v.kind === 'area')) {
    const area = f.data as AreaConfig;
    if (area.id !== f.id)
      problems.push({ file: f.file, pointer: '/id', message: `must equal the folder name "${f.id}"` });
    areas.set(f.id, area);
    areaFiles.set(f.id, f.file);
  }
  const screens = new Map<string, ScreenConfig>();
  const endpoints = new Map<string, EndpointBinding & { file: string; pointer: string }>();
  const folders = new Set(files.filter((f) => f.area !== null).map((f) => f.area!));
  for (const f of valid.filter((v) => v.kind === 'screen')) {
    const screen = f.data as ScreenConfig;
    problems.push(...checkScreen(f.file, f.area!, f.id, screen, datasets));
    screens.set(`${f.area!}/${f.id}`, screen);
    (screen.queries ?? []).forEach((q, i) => {
      const paths = q.export ? [q.endpoint, `${q.endpoint}/export`] : [q.endpoint];
      for (const path of paths) {
        const at = pointer('queries', i, 'endpoint');
        const first = endpoints.get(path);
        if (first)
          problems.push({
            file: f.file,
            pointer: at,
            message: `endpoint "${path}" is already declared in ${first.file}#${first.pointer}`,
          });
        else if (RESERVED_PREFIXES.includes(path.split('/')[0]!))
          problems.push({ file: f.file, pointer: at, message: `endpoint "${path}" is reserved` });
        else
          endpoints.set(path, {
            screenKey: `${f.area!}/${f.id}`,
            queryId: q.id,
            export: path !== q.endpoint,
            file: f.file,
            pointer: at,
          });
      }
    });
  }
  for (const folder of folders) {
    if (folder !== 'datasets' && !areaFiles.has(folder) && !present.has(`${folder}/area.json`)) {
      problems.push({
        file: `${folder}/area.json`,
        pointer: '',
        message: 'missing area file for the screens of this folder',
      });
    }
  }
  for (const [id, area] of areas) {
    area.tabs.forEach((tab, i) => {
      if (!screens.has(`${id}/${tab}`) && !present.has(`${id}/${tab}.screen.json`)) {
        problems.push({
          file: areaFiles.get(id)!,
          pointer: pointer('tabs', i),
          message: `unknown screen "${tab}" (no ${id}/${tab}.screen.json)`,
        });
      }
    });
  }
  if (problems.length > 0) return { snapshot: null, problems };
  const bindings = new Map<string, EndpointBinding>(
    [...endpoints].map(([k, v]) => [k, { screenKey: v.screenKey, queryId: v.queryId, export: v.export }]),
  );
  return {
    snapshot: {
      version,
      areas,
      screens,
      datasets: new Map([...datasets].map(([k, v]) => [k, v.config])),
      endpoints: bindings,
    },
    problems: [],
  };
}
