/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- these tests break the chart on purpose */
import { describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../../../shared/config.gen.js';
import { checkCharts } from './checkCharts.js';
import { formatProblem } from './configProblems.js';
import { indexDataset } from '../model/datasetIndex.js';

const dataset = indexDataset({
  kind: 'dataset',
  schemaVersion: 1,
  id: 'tiny',
  label: 'Tiny',
  table: 'fact_stock',
  dateColumn: 'crawl_date',
  dimensions: [
    { kind: 'column', id: 'crawl_date', column: 'crawl_date', type: 'date', label: 'Date' },
    {
      kind: 'column',
      id: 'brand_id',
      column: 'brand_id',
      type: 'integer',
      label: 'Brand',
      lookup: { table: 'dim_brand', key: 'brand_id', labelColumn: 'brand_name' },
    },
  ],
  measures: [
    { kind: 'count', id: 'rows', label: 'Rows', description: 'r', format: 'short' },
    { kind: 'count', id: 'other', label: 'Other', description: 'o', format: 'short' },
  ],
});

/** A screen with one line chart over rows per date and brand (fields crawl_date, brand_id, brand_name, rows). */
function screen(): any {
  return {
    kind: 'screen',
    id: 'trend',
    area: 'stock',
    dataset: 'tiny',
    queries: [
      {
        kind: 'query',
        id: 'q',
        endpoint: 'stock/trend',
        groupBy: ['crawl_date', 'brand_id'],
        measures: ['rows'],
      },
    ],
    widgets: [
      {
        kind: 'chart',
        id: 'c',
        query: 'q',
        spec: {
          transform: [{ calculate: 'datum.rows * 2', as: 'double' }],
          mark: { type: 'line', point: true },
          encoding: {
            x: { field: 'crawl_date', type: 'temporal' },
            y: { field: 'double', type: 'quantitative' },
            color: { field: 'brand_name', type: 'nominal' },
            tooltip: [{ field: 'rows', type: 'quantitative' }],
          },
        },
      },
    ],
  };
}

const check = (s: any) =>
  checkCharts('stock/trend.screen.json', s as ScreenConfig, new Map([['tiny', dataset]])).map(formatProblem);

describe('checkCharts', () => {
  it('accepts a valid spec whose fields the query returns or a transform makes', () => {
    expect(check(screen())).toEqual([]);
  });

  it("refuses invalid Vega-Lite with the deepest error and Vega-Lite's allowed values", () => {
    const s = screen();
    s.widgets[0].spec.mark.type = 'lines';
    s.widgets[0].spec.encoding.x.type = 'time';
    expect(check(s)).toEqual([
      'stock/trend.screen.json#/widgets/0/spec/encoding/x/type: Vega-Lite: "time" is not allowed here; allowed: geojson, nominal, ordinal, quantitative, temporal',
    ]);
    s.widgets[0].spec.encoding.x.type = 'temporal';
    expect(check(s)).toEqual([
      expect.stringMatching(
        /^stock\/trend\.screen\.json#\/widgets\/0\/spec\/mark\/type: Vega-Lite: "lines" is not allowed here; did you mean "line"\? Allowed: arc, area, bar, /,
      ),
    ]);
  });

  it('refuses an unknown property with the closest one', () => {
    const s = screen();
    s.widgets[0].spec.encoding.x.feld = 'crawl_date';
    expect(check(s)).toEqual([
      expect.stringMatching(
        /#\/widgets\/0\/spec\/encoding\/x: Vega-Lite: unknown property "feld"; did you mean "field"\?/,
      ),
    ]);
  });

  it('refuses a field the query does not return, in encodings and transforms', () => {
    const s = screen();
    s.widgets[0].spec.encoding.color.field = 'brand';
    s.widgets[0].spec.encoding.tooltip[0].field = 'other';
    s.widgets[0].spec.transform.unshift({ fold: ['rows', 'revenue'], as: ['measure', 'value'] });
    expect(check(s)).toEqual([
      'stock/trend.screen.json#/widgets/0/spec/transform/0/fold/1: field "revenue" is not returned by query "q" nor made by a transform; allowed: brand_id, brand_name, crawl_date, double, measure, rows, value',
      'stock/trend.screen.json#/widgets/0/spec/encoding/color/field: field "brand" is not returned by query "q" nor made by a transform; did you mean "brand_id"? Allowed: brand_id, brand_name, crawl_date, double, measure, rows, value',
      'stock/trend.screen.json#/widgets/0/spec/encoding/tooltip/0/field: field "other" is not returned by query "q" nor made by a transform; allowed: brand_id, brand_name, crawl_date, double, measure, rows, value',
    ]);
  });

  it('reads "a.b" as property b of field a', () => {
    const s = screen();
    s.widgets[0].spec.encoding.color.field = 'brand_name.length';
    expect(check(s)).toEqual([]);
  });
});
