import { describe, expect, it } from 'vitest';
import type { AreaConfig, ScreenConfig } from '../../../shared/config.gen.js';
import type { ConfigProblem } from './configRegistry.js';
import { collectEndpoints, type ScreenFile } from './checkEndpoints.js';
import { variantScreens } from './variantScreens.js';

const area = (id: string, tabs: string[], base?: string) =>
  [
    id,
    {
      file: `${id}/area.json`,
      area: {
        schemaVersion: 2,
        kind: 'area',
        id,
        label: id,
        tabs,
        ...(base ? { extends: base } : {}),
      } as AreaConfig,
    },
  ] as const;
const screen = (areaId: string, id: string, endpoint: string): ScreenFile => ({
  file: `${areaId}/${id}.screen.json`,
  key: `${areaId}/${id}`,
  screen: {
    area: areaId,
    id,
    permission: `${areaId}/${id}`,
    queries: [{ kind: 'query', id: 'q', endpoint, measures: ['m'], export: true }],
  } as unknown as ScreenConfig,
});

describe('variantScreens (area extends)', () => {
  const base = [
    screen('ads', 'kpi', 'ams/kpi'),
    screen('ads', 'asin', 'ams/asin'),
    screen('beta', 'own', 'beta/own'),
  ];

  it("shows the base's screens under the variant's key and activity, sharing their endpoints", () => {
    const problems: ConfigProblem[] = [];
    const areas = new Map([area('ads', ['kpi', 'asin']), area('beta', ['kpi', 'own'], 'ads')]);
    const variants = variantScreens(areas, base, problems);
    expect(problems).toEqual([]);
    expect(variants.map((v) => [v.key, v.baseKey, v.screen.permission, v.screen.area])).toEqual([
      ['beta/kpi', 'ads/kpi', 'beta/kpi', 'beta'],
    ]); // "own" has its own file: the variant's file wins
    const endpoints = collectEndpoints(base, problems, variants);
    expect(problems).toEqual([]);
    expect(endpoints.get('ams/kpi')).toEqual({
      screenKey: 'ads/kpi',
      queryId: 'q',
      export: false,
      variants: ['beta/kpi'],
    });
    expect(endpoints.get('ams/kpi/export')?.variants).toEqual(['beta/kpi']);
    expect(endpoints.get('ams/asin')?.variants).toBeUndefined();
  });

  it('points at the area file for an unknown base, a chain and a tab the base lacks', () => {
    const problems: ConfigProblem[] = [];
    const areas = new Map([
      area('ads', ['kpi']),
      area('beta', ['kpi', 'kpii'], 'ads'),
      area('gamma', ['kpi'], 'beta'),
      area('delta', ['kpi'], 'adz'),
    ]);
    expect(variantScreens(areas, base, problems).map((v) => v.key)).toEqual(['beta/kpi']);
    expect(problems).toEqual([
      {
        file: 'beta/area.json',
        pointer: '/tabs/1',
        message:
          'unknown screen "kpii" (no beta/kpii.screen.json, nor in "ads"); did you mean "kpi"? Allowed: asin, kpi',
      },
      {
        file: 'gamma/area.json',
        pointer: '/extends',
        message: '"beta" extends an area itself: extend its base instead',
      },
      {
        file: 'delta/area.json',
        pointer: '/extends',
        message: 'unknown area "adz"; did you mean "ads"? Allowed: ads, beta, delta, gamma',
      },
    ]);
  });
});
