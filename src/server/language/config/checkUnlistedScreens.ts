import type { AreaConfig } from '../../../shared/config.gen.js';
import type { ConfigProblem } from './configRegistry.js';

/**
 * A screen file its area's `tabs` do not name is served, but no menu or tab leads to it: only
 * someone who knows the URL finds it. Usually a forgotten step, so a warning, not an error.
 */
export function checkUnlistedScreens(
  areas: ReadonlyMap<string, { file: string; area: AreaConfig }>,
  screenKeys: readonly string[],
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const key of screenKeys) {
    const [areaId, screenId] = key.split('/') as [string, string];
    const entry = areas.get(areaId);
    if (!entry || entry.area.tabs.includes(screenId)) continue;
    problems.push({
      file: entry.file,
      pointer: '/tabs',
      message: `screen "${screenId}" (${areaId}/${screenId}.screen.json) is not in "tabs", so it opens by URL only; add "${screenId}" to "tabs" to show it`,
      severity: 'warning',
    });
  }
  return problems;
}
