import { describe, expect, it } from 'vitest';
import type { AreaConfig } from '../../../shared/config.gen.js';
import { checkUnlistedScreens } from './checkUnlistedScreens.js';

const area = (id: string, tabs: string[]) =>
  [id, { file: `${id}/area.json`, area: { kind: 'area', id, label: id, tabs } as AreaConfig }] as const;

describe('checkUnlistedScreens', () => {
  it('warns about a screen its area does not list, and only about that one', () => {
    const areas = new Map([area('stock', ['kpi']), area('price', ['kpi', 'data'])]);
    expect(checkUnlistedScreens(areas, ['stock/kpi', 'stock/trend', 'price/kpi', 'price/data'])).toEqual([
      {
        file: 'stock/area.json',
        pointer: '/tabs',
        message:
          'screen "trend" (stock/trend.screen.json) is not in "tabs", so it opens by URL only; add "trend" to "tabs" to show it',
        severity: 'warning',
      },
    ]);
  });

  it('leaves a screen of a folder without area file to the error that reports the missing file', () => {
    expect(checkUnlistedScreens(new Map(), ['stock/kpi'])).toEqual([]);
  });
});
