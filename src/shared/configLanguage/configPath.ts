/** What a config file's path (relative to the screens folder) says about it. */
export interface ConfigPath {
  kind: 'area' | 'screen' | 'dataset' | 'shared' | 'caseRule';
  /** The folder of an area or screen file; null for datasets and shared files. */
  area: string | null;
  /** The id the path implies: folder of an area, file name of a screen or dataset. */
  id: string;
}

/**
 * The layout: <area>/area.json, <area>/<screen>.screen.json, datasets/<id>.dataset.json,
 * shared/<name>.json, cases/<id>.case.json (the action inbox's case kinds). Null for any other .json name (a problem for the reader to report).
 */
export function parseConfigPath(file: string): ConfigPath | null {
  const [folder, name, ...rest] = file.split('/');
  if (!folder || !name || rest.length > 0) return null;
  if (folder === 'shared') return { kind: 'shared', area: null, id: name.replace(/\.json$/, '') };
  if (folder === 'datasets')
    return name.endsWith('.dataset.json')
      ? { kind: 'dataset', area: null, id: name.replace(/\.dataset\.json$/, '') }
      : null;
  if (folder === 'cases')
    return name.endsWith('.case.json')
      ? { kind: 'caseRule', area: null, id: name.replace(/\.case\.json$/, '') }
      : null;
  if (name === 'area.json') return { kind: 'area', area: folder, id: folder };
  return name.endsWith('.screen.json')
    ? { kind: 'screen', area: folder, id: name.replace(/\.screen\.json$/, '') }
    : null;
}
