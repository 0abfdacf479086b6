import type { AreaConfig } from '../../../shared/config.gen.js';
import type { ConfigProblem } from './configRegistry.js';
import { pointer } from './configProblems.js';
import { suggestName } from '../model/suggestName.js';

/**
 * Every folder of screens has its area file, and every tab of an area names a screen file of
 * that folder. `present` holds every file found, so a tab to a broken screen file is not also
 * reported as missing.
 */
export function checkAreas(
  areas: ReadonlyMap<string, { file: string; area: AreaConfig }>,
  folders: ReadonlySet<string>,
  present: ReadonlySet<string>,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const folder of folders) {
    if (!areas.has(folder) && !present.has(`${folder}/area.json`)) {
      problems.push({
        file: `${folder}/area.json`,
        pointer: '',
        message: 'missing area file for the screens of this folder',
      });
    }
  }
  for (const [id, { file, area }] of areas) {
    const screens = [...present]
      .filter((f) => f.startsWith(`${id}/`) && f.endsWith('.screen.json'))
      .map((f) => f.slice(id.length + 1, -'.screen.json'.length));
    if (area.id !== id)
      problems.push({ file, pointer: '/id', message: `must equal the folder name "${id}"` });
    area.tabs.forEach((tab, i) => {
      // An extending area's tabs may be its base's screens: variantScreens checks those.
      if (!present.has(`${id}/${tab}.screen.json`) && area.extends === undefined) {
        problems.push({
          file,
          pointer: pointer('tabs', i),
          message: `unknown screen "${tab}" (no ${id}/${tab}.screen.json)${suggestName(tab, screens)}`,
        });
      }
    });
  }
  return problems;
}
