/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- these tests break untyped JSON files on purpose */
import { afterEach, describe, expect, it } from 'vitest';
import { buildConfigSnapshot } from './buildConfigSnapshot.js';
import { formatProblem } from './configProblems.js';
import { loadConfigSnapshot } from './loadConfigRegistry.js';
import { copyFixtureScreens, REPO_SCREENS_DIR } from './testing/screensFixture.js';

let fixture: ReturnType<typeof copyFixtureScreens>;
afterEach(() => fixture?.remove());

/** Problems as `file#pointer: message`; their line:column are asserted in configLocations.test.ts. */
function problems(): string[] {
  const result = buildConfigSnapshot(fixture.dir, 1);
  return result.problems.map(({ line: _line, column: _column, ...p }) => formatProblem(p));
}

describe('config validation', () => {
  it('accepts the product config in screens/', () => {
    const result = buildConfigSnapshot(REPO_SCREENS_DIR, 1);
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.snapshot?.endpoints.get('stock/products/stats')).toEqual({
      screenKey: 'stock/kpi',
      queryId: 'stats',
      export: false,
    });
  });

  it('a broken screen file gives its exact file#pointer: message', () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.filters[1].kind = 'dropdown';
      s.widgets[0].tiles[2].colour = 'red';
      delete s.queries[0].endpoint;
    });
    expect(problems()).toEqual([
      'stock/kpi.screen.json#/filters/1/kind: unknown kind "dropdown"; allowed: checkboxGroup, datePreset, monthRange, multiSelect, radio, rankInput, singleSelect, toggle, typeahead',
      'stock/kpi.screen.json#/queries/0: missing required property "endpoint"',
      'stock/kpi.screen.json#/widgets/0/tiles/2: unknown property "colour"; allowed: change, description, drill, format, icon, kind, label, measure, previousPeriod, unit',
    ]);
  });

  it("a KPI drill names a screen of its area and only that screen's filters", () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.widgets[0].tiles[0].drill = { screen: 'data', filters: { stock_status: [0], stock_statuss: [1] } };
      s.widgets[0].tiles[1].drill = { screen: 'dta' };
    });
    expect(problems()).toEqual([
      'stock/kpi.screen.json#/widgets/0/tiles/0/drill/filters/stock_statuss: "stock_statuss" is not a filter of stock/data, so the drill would not narrow its rows; did you mean "stock_status"? Allowed: brand_id, category_id, channel_id, city_id, is_competitor, stock_status',
      'stock/kpi.screen.json#/widgets/0/tiles/1/drill/screen: unknown screen "dta" of area "stock"; did you mean "data"? Allowed: data, kpi',
    ]);
  });

  it('a mistyped kind or property gets the closest allowed name', () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.widgets[1].kind = 'chrt';
      s.widgets[0].tiles[0] = { kind: 'kpiTile', mesure: 'in_stock' };
    });
    fixture.edit('datasets/stock.dataset.json', (d) => {
      d.measures[0].kind = 'countif';
    });
    expect(problems()).toEqual([
      expect.stringMatching(
        /^datasets\/stock\.dataset\.json#\/measures\/0\/kind: unknown kind "countif"; did you mean "countIf"\? Allowed: .*countDistinct/,
      ),
      expect.stringMatching(
        /^stock\/kpi\.screen\.json#\/widgets\/0\/tiles\/0: missing required property "measure"/,
      ),
      'stock/kpi.screen.json#/widgets/0/tiles/0: unknown property "mesure"; did you mean "measure"? Allowed: change, description, drill, format, icon, kind, label, measure, previousPeriod, unit',
      'stock/kpi.screen.json#/widgets/1/kind: unknown kind "chrt"; did you mean "chart"? Allowed: actions, alertCenter, chart, form, grid, kpiTiles, overlay, reportCenter, slideDeck, uploadPanel',
      // The dataset file is refused, so the screens using it cannot find it either.
      'stock/data.screen.json#/dataset: unknown dataset "stock" (none is defined and valid)',
    ]);
  });

  it('invalid JSON names the file, line and column', () => {
    fixture = copyFixtureScreens();
    fixture.write('stock/data.screen.json', '{\n  "kind": \n}');
    expect(buildConfigSnapshot(fixture.dir, 1).problems.map(formatProblem)).toEqual([
      'stock/data.screen.json:3:1#: invalid JSON: value expected',
    ]);
  });

  it('reports unknown dataset, dimension, measure, sort and query references', () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.filters[0].field = 'channel';
      s.queries[1].measures.push('revenue');
      s.queries[1].sort[0].field = 'brand_name';
      s.widgets[1].query = 'trends';
      s.permission = 'stock/data';
    });
    fixture.edit('stock/data.screen.json', (s) => {
      s.dataset = 'stocks';
    });
    expect(problems()).toEqual([
      'stock/data.screen.json#/dataset: unknown dataset "stocks"; did you mean "stock"? Allowed: stock',
      'stock/kpi.screen.json#/permission: must be "stock/kpi"',
      'stock/kpi.screen.json#/filters/0/field: unknown dimension "channel" in dataset "stock"; did you mean "channel_id"? Allowed: brand_id, category_id, channel_id, city_id, city_zone_id, crawl_date, is_competitor, label_category_id, product_id, stock_status',
      'stock/kpi.screen.json#/filters/1/dependsOn/0: unknown sibling filter "channel_id"; did you mean "channel"? Allowed: brand_id, category_id, channel, city_id, is_competitor',
      'stock/kpi.screen.json#/filters/2/dependsOn/0: unknown sibling filter "channel_id"; did you mean "channel"? Allowed: brand_id, category_id, channel, city_id, is_competitor',
      'stock/kpi.screen.json#/filters/3/dependsOn/0: unknown sibling filter "channel_id"; did you mean "channel"? Allowed: brand_id, category_id, channel, city_id, is_competitor',
      'stock/kpi.screen.json#/queries/1/measures/4: unknown measure "revenue"; allowed: availability_pct, days_in_stock_pct, delisted, in_stock, listed, listing_pct, observations, out_of_stock, qc_deep, qc_depth_pct, qc_observations, sku_count',
      'stock/kpi.screen.json#/queries/1/sort/0/field: unknown sort field "brand_name" (not a field of the query); allowed: availability_pct, crawl_date, delisted, in_stock, out_of_stock, revenue',
      'stock/kpi.screen.json#/widgets/1/query: unknown query "trends"; did you mean "trend"? Allowed: brands, cities, stats, trend',
    ]);
  });

  it('checks compare: one-row queries, their own measures, column dimensions, and tiles that show a change', () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.queries[0].compare = { measures: ['availability_pct', 'revenue'], over: ['product_id', 'product'] };
      s.queries[1].compare = { measures: ['availability_pct'], over: ['product_id'] };
      s.widgets[0].tiles[0].change = true;
      s.widgets[0].tiles[1].change = true;
    });
    expect(problems()).toEqual([
      'stock/kpi.screen.json#/queries/0/compare/measures/1: measure "revenue" is not in the query\'s measures',
      'stock/kpi.screen.json#/queries/0/compare/over/1: unknown column dimension "product"; did you mean "product_id"? Allowed: brand_id, category_id, channel_id, city_id, crawl_date, is_competitor, product_id, stock_status',
      'stock/kpi.screen.json#/queries/1/compare: compare needs a query with no groupBy and no paging',
      'stock/kpi.screen.json#/widgets/0/tiles/1/change: query "stats" does not compare measure "in_stock"',
    ]);
  });

  it('checks change columns (a measure of the grid query) and chart overlays (a query over dates)', () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.widgets[4].columns.push(
        { kind: 'change', field: 'availability' },
        { kind: 'change', field: 'brand_id' },
      );
      s.widgets[2].previousPeriod = true;
    });
    expect(problems()).toEqual([
      'stock/kpi.screen.json#/widgets/2/previousPeriod: query "cities" does not group by a date: there is no line to overlay the previous period on',
      'stock/kpi.screen.json#/widgets/4/columns/7/field: change column: "availability" is not a measure of query "brands"; did you mean "availability_pct"? Allowed: availability_pct, days_in_stock_pct, delisted, in_stock, out_of_stock, sku_count',
      'stock/kpi.screen.json#/widgets/4/columns/8/field: change column: "brand_id" is not a measure of query "brands"; allowed: availability_pct, days_in_stock_pct, delisted, in_stock, out_of_stock, sku_count',
    ]);
  });

  it('refuses a filter no query reads (it would change nothing on screen)', () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/kpi.screen.json', (s) => {
      for (const q of s.queries) q.filters = ['channel_id', 'brand_id'];
    });
    // channel_id and brand_id are read; category and city are not (a query's list leaves them out).
    expect(problems()).toEqual([
      'stock/kpi.screen.json#/filters/2: filter "category_id" changes nothing: no query of the screen reads it',
      'stock/kpi.screen.json#/filters/3: filter "city_id" changes nothing: no query of the screen reads it',
      'stock/kpi.screen.json#/filters/4: filter "is_competitor" changes nothing: no query of the screen reads it',
    ]);
  });

  it('refuses a dependsOn cycle', () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/kpi.screen.json', (s) => {
      s.filters[0].dependsOn = ['category_id'];
    });
    expect(problems()).toEqual([
      'stock/kpi.screen.json#/filters/0/dependsOn: dependsOn cycle: channel_id -> category_id -> channel_id',
      'stock/kpi.screen.json#/filters/0/dependsOn: dependsOn cycle: channel_id -> category_id -> brand_id -> channel_id',
    ]);
  });

  it('refuses duplicate endpoints across screens, and area tabs without a screen', () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/data.screen.json', (s) => {
      s.queries[0].endpoint = 'stock/products/stats';
    });
    fixture.edit('stock/area.json', (a) => {
      a.tabs.push('trend');
    });
    expect(problems()).toEqual([
      'stock/kpi.screen.json#/queries/0/endpoint: endpoint "stock/products/stats" is already declared in stock/data.screen.json#/queries/0/endpoint',
      'stock/area.json#/tabs/2: unknown screen "trend" (no stock/trend.screen.json); allowed: data, kpi',
    ]);
  });

  it('checks dataset internals: ratio references and cycles, mapped targets', () => {
    fixture = copyFixtureScreens();
    fixture.edit('datasets/stock.dataset.json', (d) => {
      d.measures.push({
        kind: 'ratio',
        id: 'a',
        label: 'A',
        description: 'a',
        format: 'plain',
        numerator: 'b',
        denominator: 'in_stock',
      });
      d.measures.push({
        kind: 'ratio',
        id: 'b',
        label: 'B',
        description: 'b',
        format: 'plain',
        numerator: 'a',
        denominator: 'nope',
      });
      d.dimensions[3].into = 'zone';
    });
    expect(problems()).toEqual([
      'datasets/stock.dataset.json#/dimensions/3/into: unknown column dimension "zone"; allowed: brand_id, category_id, channel_id, city_id, crawl_date, is_competitor, product_id, stock_status',
      'datasets/stock.dataset.json#/measures/13/denominator: unknown measure "nope"; allowed: a, availability_pct, b, days_in_stock_pct, delisted, in_stock, listed, listing_pct, observations, out_of_stock, qc_deep, qc_depth_pct, … (2 more)',
      'datasets/stock.dataset.json#/measures/12/id: ratio measures refer to each other in a cycle: a -> b -> a',
    ]);
  });

  it('checks that every measure condition tests its column exactly one way, down its `and` list', () => {
    fixture = copyFixtureScreens();
    fixture.edit('datasets/stock.dataset.json', (d) => {
      const base = { kind: 'countIf', label: 'X', description: 'x', format: 'short' };
      d.measures.push({ ...base, id: 'x1', where: { column: 'stock_status' } });
      d.measures.push({
        ...base,
        id: 'x2',
        where: { column: 'stock_status', atLeast: 1, and: [{ column: 'city_id', equals: 1, in: [1] }] },
      });
      d.measures.push({
        ...base,
        id: 'x3',
        where: { column: 'stock_status', atLeast: 1, and: [{ column: 'city_id', in: [1, 2] }] },
      });
    });
    expect(problems()).toEqual([
      'datasets/stock.dataset.json#/measures/12/where: needs exactly one of "equals", "in", "atLeast" or "atMostLookup"',
      'datasets/stock.dataset.json#/measures/13/where/and/0: needs exactly one of "equals", "in", "atLeast" or "atMostLookup"',
    ]);
  });

  it('loadConfigSnapshot throws one error listing every problem', () => {
    fixture = copyFixtureScreens();
    fixture.edit('stock/area.json', (a) => {
      a.tabs = ['kpi', 'kpi'];
      a.colour = 1;
    });
    expect(() => loadConfigSnapshot(fixture.dir)).toThrow(
      'Invalid screen config (2 problems):\nstock/area.json:13:3#: unknown property "colour"; allowed: $schema, extends, icon, id, kind, label, order, schemaVersion, tabs\nstock/area.json:9:3#/tabs: must not repeat an item (items 0 and 1 are equal)',
    );
  });
});
