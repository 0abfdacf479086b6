import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { datasetIdsOf, screenDatasetOf, withDatasetIds } from './datasetCompletion.js';

const sales = datasetIdsOf(readFileSync('screens/datasets/sales.dataset.json', 'utf8'));
type Node = Record<string, Record<string, unknown>>;

/**
 * The editor's bundle as the server serves it (configEditor/editorSchema.ts): each schema file
 * under definitions/<file name>, its own definitions inside.
 */
const bundle = {
  definitions: Object.fromEntries(
    ['chart', 'gridColumn', 'kpiTile', 'query'].map((name) => [
      `${name}.schema.json`,
      JSON.parse(readFileSync(`schemas/${name}.schema.json`, 'utf8')) as object,
    ]),
  ),
};

/** The property schema at definitions/<file>/definitions/<def>/properties/<path...> of a bundle. */
function slot(bundle: object, file: string, def: string, ...path: string[]): Record<string, unknown> {
  const defs = (bundle as Node).definitions![file] as Node;
  let node = ((defs.definitions as Node)[def] as Node).properties as Record<string, unknown>;
  for (const key of path) node = node[key] as Record<string, unknown>;
  return node;
}

// codemirror-json-schema (the editor's completion) does not load under Node, so this reads the
// schema bundle it completes from: property names for keys, `examples` for values.
describe('editor completion of a screen', () => {
  const schema = withDatasetIds(bundle, sales);

  it("holds the new keys in the language's schemas: a chart's previousPeriod, a change column", () => {
    expect(slot(bundle, 'chart.schema.json', 'chart', 'previousPeriod')).toMatchObject({ type: 'boolean' });
    expect(slot(bundle, 'gridColumn.schema.json', 'changeColumn', 'kind')).toMatchObject({ const: 'change' });
  });

  it("offers the screen's dataset measure ids and dimension ids in their places", () => {
    expect(screenDatasetOf('{"kind":"screen","dataset":"sales"}')).toBe('sales');
    expect(screenDatasetOf('{"kind":"screen",')).toBeNull();
    const tile = slot(schema, 'kpiTile.schema.json', 'kpiTile', 'measure');
    expect(tile.examples).toEqual(sales.measures);
    expect(tile.examples).toContain('revenue');
    expect(slot(schema, 'gridColumn.schema.json', 'changeColumn', 'field').examples).toEqual(sales.measures);
    const groupBy = slot(schema, 'query.schema.json', 'query', 'groupBy', 'items');
    expect(groupBy.examples).toContain('brand_id');
    expect(groupBy.examples).not.toContain('revenue');
    expect(slot(schema, 'gridColumn.schema.json', 'valueColumn', 'field').examples).toEqual(
      expect.arrayContaining(['brand_id', 'revenue']),
    );
    // The bundle the editor caches per file kind is left as it was.
    expect(slot(bundle, 'kpiTile.schema.json', 'kpiTile', 'measure').examples).toBeUndefined();
  });
});
