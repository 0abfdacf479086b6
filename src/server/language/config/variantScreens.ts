import type { AreaConfig } from '../../../shared/config.gen.js';
import type { ConfigProblem } from './configRegistry.js';
import type { ScreenFile } from './checkEndpoints.js';
import { pointer } from './configProblems.js';
import { suggestName } from '../model/suggestName.js';

type Areas = ReadonlyMap<string, { file: string; area: AreaConfig }>;

/**
 * The screens an area shows through `extends` (advertising_beta of advertising): each tab with no
 * screen file of its own is the base area's screen, under the variant's key and activity. The
 * screen is the base's resolved config, not a copy on disk: one definition, several addresses.
 * Problems point at the variant's area file (an unknown base, a chain, a tab the base lacks).
 */
export function variantScreens(
  areas: Areas,
  screens: readonly ScreenFile[],
  problems: ConfigProblem[],
): ScreenFile[] {
  const byKey = new Map(screens.map((s) => [s.key, s]));
  const out: ScreenFile[] = [];
  for (const [id, { file, area }] of areas) {
    const baseId = area.extends;
    if (baseId === undefined) continue;
    const base = areas.get(baseId);
    if (!base) {
      problems.push({
        file,
        pointer: '/extends',
        message: `unknown area "${baseId}"${suggestName(baseId, [...areas.keys()])}`,
      });
      continue;
    }
    if (base.area.extends !== undefined || baseId === id) {
      problems.push({
        file,
        pointer: '/extends',
        message: `"${baseId}" extends an area itself: extend its base instead`,
      });
      continue;
    }
    area.tabs.forEach((tab, i) => {
      if (byKey.has(`${id}/${tab}`)) return; // the variant's own screen file wins
      const from = byKey.get(`${baseId}/${tab}`);
      if (!from) {
        const known = screens
          .filter((s) => s.key.startsWith(`${baseId}/`))
          .map((s) => s.key.slice(baseId.length + 1));
        problems.push({
          file,
          pointer: pointer('tabs', i),
          message: `unknown screen "${tab}" (no ${id}/${tab}.screen.json, nor in "${baseId}")${suggestName(tab, known)}`,
        });
        return;
      }
      const screen = { ...from.screen, area: id, id: tab, permission: `${id}/${tab}` };
      out.push({ file: from.file, key: `${id}/${tab}`, screen, baseKey: from.key });
    });
  }
  return out;
}
