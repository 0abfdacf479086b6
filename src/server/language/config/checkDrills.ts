import type { ScreenConfig } from '../../../shared/config.gen.js';
import type { ConfigProblem } from './configRegistry.js';
import type { ScreenFile } from './checkEndpoints.js';
import { pointer } from './configProblems.js';
import { suggestName } from '../model/suggestName.js';

/**
 * A KPI tile's 'View rows' opens a screen of its area with the drill's filters set. Each must be
 * a filter of that screen: the user sees and can clear it there, and a field no filter reads
 * would be dropped on the way, showing every row under a tile that counted a few. `present` holds
 * every file found: a drill to a broken screen file is left to that file's own problems.
 */
export function checkDrills(
  files: readonly ScreenFile[],
  screens: ReadonlyMap<string, ScreenConfig>,
  present: ReadonlySet<string>,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const { file, key, screen } of files) {
    const area = key.split('/')[0]!;
    screen.widgets.forEach((w, i) => {
      if (w.kind !== 'kpiTiles') return;
      w.tiles.forEach((tile, j) => {
        if (!tile.drill) return;
        const at = (...path: (string | number)[]) => pointer('widgets', i, 'tiles', j, 'drill', ...path);
        const targetKey = tile.drill.screen ? `${area}/${tile.drill.screen}` : key;
        const target = screens.get(targetKey);
        if (!target) {
          if (present.has(`${targetKey}.screen.json`)) return;
          const ids = [...screens.keys()]
            .filter((k) => k.startsWith(`${area}/`))
            .map((k) => k.slice(area.length + 1));
          problems.push({
            file,
            pointer: at('screen'),
            message: `unknown screen "${tile.drill.screen}" of area "${area}"${suggestName(tile.drill.screen!, ids)}`,
          });
          return;
        }
        const fields = (target.filters ?? []).flatMap((f) => ('field' in f ? [f.field] : []));
        for (const field of Object.keys(tile.drill.filters ?? {})) {
          if (fields.includes(field)) continue;
          problems.push({
            file,
            pointer: at('filters', field),
            message: `"${field}" is not a filter of ${targetKey}, so the drill would not narrow its rows${suggestName(field, fields)}`,
          });
        }
      });
    });
  }
  return problems;
}
