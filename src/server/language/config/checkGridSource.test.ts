import { describe, expect, it } from 'vitest';
import type { ScreenConfig, WidgetNode } from '../../../shared/config.gen.js';
import { checkScreenWidgets } from './checkScreenWidgets.js';
import { checkStoreFilters } from './checkStoreFilters.js';

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

const store = (s: ScreenConfig) => {
  const found: { pointer: string; message: string }[] = [];
  checkStoreFilters(s, (pointer, message) => found.push({ pointer, message }));
  return found;
};

describe('filters of a screen of store grids', () => {
  const logs = (filters: unknown[], dates?: unknown) =>
    ({
      ...screen({ rows: { entity: 'auditEntry' } }),
      filters,
      ...(dates ? { dates } : {}),
    }) as ScreenConfig;

  it("accepts the entity's declared filters and a date picker over its date filters", () => {
    const action = { kind: 'singleSelect', field: 'action', source: 'log_actions', label: 'Action' };
    expect(store(logs([action], { presets: ['all'], default: 'all' }))).toEqual([]);
  });

  it('refuses a filter the entity does not declare, a source without options, dates without date filters', () => {
    const found = store(
      logs([
        { kind: 'singleSelect', field: 'actions', source: 'a', label: 'Action' },
        { kind: 'singleSelect', field: 'start_date', source: 'b', label: 'From' },
      ]),
    );
    expect(found.map((p) => p.pointer)).toEqual(['/filters/0/field', '/filters/1/source']);
    expect(found[0]!.message).toContain('did you mean "action"');
    const groups = { ...screen({ rows: { entity: 'group' } }), dates: { presets: ['all'], default: 'all' } };
    expect(store(groups as ScreenConfig).map((p) => p.pointer)).toEqual(['/dates']);
  });
});

describe('a grid over an entity (rows.entity)', () => {
  it('is accepted when the screen declares a mutation on the entity', () => {
    expect(problems(screen({ rows: { entity: 'group' } }))).toEqual([]);
  });

  it('reads a read-only entity (the audit trail, crawl runs) without any mutation', () => {
    expect(problems({ ...screen({ rows: { entity: 'auditEntry' } }), mutations: [] })).toEqual([]);
    expect(problems({ ...screen({ rows: { entity: 'crawlRun' } }), mutations: [] })).toEqual([]);
  });

  it('is refused for an unknown entity, naming the close one', () => {
    const found = problems(screen({ rows: { entity: 'groups' } }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ pointer: '/widgets/0/rows/entity' });
    expect(found[0]!.message).toMatch(/^unknown entity "groups"; did you mean "group"\?/);
  });

  it('needs exactly one of query and rows', () => {
    const want = [{ pointer: '/widgets/0', message: 'a grid needs exactly one of "query" and "rows"' }];
    expect(problems(screen({}))).toEqual(want);
    expect(problems(screen({ query: 'q', rows: { entity: 'group' } }))).toEqual(want);
  });
});
