import { describe, expect, it } from 'vitest';
import type { ScreenConfig, WidgetNode } from '../../../shared/config.gen.js';
import { checkScreenWidgets } from './checkScreenWidgets.js';
import { checkStoreFilters } from './checkStoreFilters.js';

/** A store-backed screen (no dataset) with one KPI widget and a Status filter. */
const screen = (tiles: Partial<WidgetNode>): ScreenConfig =>
  ({
    schemaVersion: 2,
    kind: 'screen',
    area: 'crawl_status',
    id: 'kpi',
    permission: 'crawl_status/kpi',
    title: 'Crawl Status KPI',
    filters: [
      { kind: 'checkboxGroup', field: 'status', label: 'Status', options: [{ value: 4, label: 'Failed' }] },
    ],
    queries: [{ kind: 'query', id: 'q', endpoint: 'x/q', measures: ['runs'] }],
    widgets: [
      {
        kind: 'kpiTiles',
        id: 't',
        tiles: [{ kind: 'kpiTile', measure: 'runs', label: 'Runs', unit: 'crawl runs' }],
        ...tiles,
      },
    ],
    layout: [{ kind: 'row', widgets: ['t'] }],
  }) as ScreenConfig;
const found = (s: ScreenConfig) => {
  const out: { pointer: string; message: string }[] = [];
  const add = (pointer: string, message: string) => out.push({ pointer, message });
  checkScreenWidgets(s, undefined, add);
  checkStoreFilters(s, add);
  return out;
};
const summary = { endpoint: 'crawl_status/kpi/summary', params: ['status'] };

describe('KPI tiles over a store endpoint (rows)', () => {
  it("is accepted with labelled tiles; the endpoint's params declare the screen's filters", () => {
    expect(found(screen({ rows: summary }))).toEqual([]);
  });

  it('refuses a filter the endpoint does not take', () => {
    expect(found(screen({ rows: { endpoint: 'crawl_status/kpi/summary' } }))).toEqual([
      expect.objectContaining({ pointer: '/filters/0/field' }),
    ]);
  });

  it('needs exactly one of query and rows', () => {
    const want = { pointer: '/widgets/0', message: 'KPI tiles need exactly one of "query" and "rows"' };
    expect(found(screen({ query: 'q', rows: summary }))).toContainEqual(want);
    expect(found(screen({}))).toContainEqual(want);
  });

  it('needs a label on each tile and refuses a change (no measure definitions, no previous period)', () => {
    const tiles = [{ kind: 'kpiTile', measure: 'failed', change: true, unit: 'crawl runs' }];
    expect(found(screen({ rows: summary, tiles } as Partial<WidgetNode>))).toEqual([
      { pointer: '/widgets/0/tiles/0', message: 'tile "failed" of a store row needs a "label"' },
      { pointer: '/widgets/0/tiles/0/change', message: 'a store row has no previous period to compare' },
    ]);
  });

  it('needs each count to say what it counts (a unit), not a percentage or money', () => {
    const tiles = [
      { kind: 'kpiTile', measure: 'failed', label: 'Failed' },
      { kind: 'kpiTile', measure: 'rate', label: 'Rate', format: 'percent' },
    ];
    expect(found(screen({ rows: summary, tiles } as Partial<WidgetNode>))).toEqual([
      { pointer: '/widgets/0/tiles/0', message: 'tile "failed" of a store row needs a "unit"' },
    ]);
  });
});
