import { describe, expect, it } from 'vitest';
import type { ScreenConfig, WidgetNode } from '../../shared/config.gen.js';
import { checkScreenWidgets } from './checkScreenWidgets.js';

const screen = (grid: Partial<WidgetNode>): ScreenConfig => ({
  schemaVersion: 2,
  kind: 'screen',
  area: 'client',
  id: 'clients',
  permission: 'client/clients',
  title: 'Clients',
  mutations: [
    {
      kind: 'mutation',
      id: 'status',
      entity: 'group',
      operation: 'toggle',
      toggle: { field: 'status', values: [1, 0] },
    },
  ],
  queries: [
    { id: 'q', dataset: 'sales', dimensions: [], measures: [] },
  ] as unknown as ScreenConfig['queries'],
  widgets: [{ kind: 'grid', id: 'g', columns: [{ field: 'group_name' }], ...grid } as WidgetNode],
  layout: [{ kind: 'row', widgets: ['g'] }],
});
const problems = (s: ScreenConfig) => {
  const found: { pointer: string; message: string }[] = [];
  checkScreenWidgets(s, undefined, (pointer, message) => found.push({ pointer, message }));
  return found;
};

describe('a grid over an entity (rows.entity)', () => {
  it('is accepted when the screen declares a mutation on the entity', () => {
    expect(problems(screen({ rows: { entity: 'group' } }))).toEqual([]);
  });

  it('is accepted without a mutation: the grid names the read (read-only crawl entities)', () => {
    expect(problems({ ...screen({ rows: { entity: 'crawlRun' } }), mutations: [] })).toEqual([]);
  });

  it('is refused for an unknown entity, naming the close one', () => {
    const [found] = problems(screen({ rows: { entity: 'groups' } }));
    expect(found?.pointer).toBe('/widgets/0/rows/entity');
    expect(found?.message).toMatch(/^unknown entity "groups"; did you mean "group"\?/);
  });

  it('needs exactly one of query and rows', () => {
    const want = [{ pointer: '/widgets/0', message: 'a grid needs exactly one of "query" and "rows"' }];
    expect(problems(screen({}))).toEqual(want);
    expect(problems(screen({ query: 'q', rows: { entity: 'group' } }))).toEqual(want);
  });
});
