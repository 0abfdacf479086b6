import { describe, expect, it } from 'vitest';
import { checkModelSchema, MODEL_SCHEMA_MSG, sourceProblems, type ModelSchema } from './modelSchemaRules.js';

const entry = { name: 'mrp', type: 'price', source: '.mrp', defaultValue: null };

describe('checkModelSchema', () => {
  it.each([
    ['', MODEL_SCHEMA_MSG.empty],
    ['{}', MODEL_SCHEMA_MSG.empty],
    ['{"dataModel": [', MODEL_SCHEMA_MSG.notJson],
    ['[1, 2]', MODEL_SCHEMA_MSG.notJson],
    ['{"crawlType": "product"}', MODEL_SCHEMA_MSG.noDataModel],
    ['{"dataModel": {}}', MODEL_SCHEMA_MSG.notArray],
    ['{"dataModel": []}', MODEL_SCHEMA_MSG.emptyArray],
    ['{"dataModel": ["mrp"]}', MODEL_SCHEMA_MSG.notObject],
    ['{"dataModel": [{"name": "mrp", "type": "price", "source": ".mrp"}]}', MODEL_SCHEMA_MSG.missingKeys],
    ['{"dataModel": [{"type": "price", "source": ".mrp", "defaultValue": 0}]}', MODEL_SCHEMA_MSG.noName],
    [
      '{"dataModel": [{"name": "m", "type": "date", "source": ".mrp", "defaultValue": 0}]}',
      MODEL_SCHEMA_MSG.badEntryType,
    ],
  ])('%s -> %s', (text, msg) => {
    expect(checkModelSchema(text)).toEqual({ ok: false, msg });
  });

  it('spells the spec messages exactly', () => {
    expect(MODEL_SCHEMA_MSG.notJson).toBe('Model Schema Is Not A Valid JSON Object.');
    expect(MODEL_SCHEMA_MSG.missingKeys).toBe(
      'Each Data Model Object Must Have Type, Source And defaultValue.',
    );
    expect(MODEL_SCHEMA_MSG.notObject).toBe('Each Data Model Value Must be an Object');
    expect(MODEL_SCHEMA_MSG.updated).toBe('Schema Updated Successfully !');
    expect(MODEL_SCHEMA_MSG.inserted).toBe('New Schema Model Inserted Successfully !');
    expect(MODEL_SCHEMA_MSG.invalidType).toBe('Invalid Schema Type.');
    expect(MODEL_SCHEMA_MSG.updateFailed).toBe('Unable to Update Schema Model.');
    expect(MODEL_SCHEMA_MSG.insertFailed).toBe('Unable to Insert Schema Model.');
    expect(MODEL_SCHEMA_MSG.crawlTypesFailed).toBe('Unable to load Crawl Types,Please Refresh or try again.');
  });

  it('accepts a schema whose entries have name, type, source and defaultValue', () => {
    const schema = { crawlType: 'product', dataModel: [entry] };
    expect(checkModelSchema(JSON.stringify(schema))).toEqual({ ok: true, schema });
  });
});

describe('checkModelSchema, one key at a time', () => {
  const withEntry = (over: Record<string, unknown>, drop?: string) => {
    const e: Record<string, unknown> = { ...entry, ...over };
    if (drop) delete e[drop];
    return JSON.stringify({ dataModel: [e] });
  };

  it('blank text is empty; JSON null is no object', () => {
    expect(checkModelSchema('   \n')).toEqual({ ok: false, msg: 'Can Not Submit An Empty Model Schema.' });
    expect(checkModelSchema('null')).toEqual({ ok: false, msg: 'Model Schema Is Not A Valid JSON Object.' });
    expect(checkModelSchema('{"dataModel": [null]}')).toEqual({
      ok: false,
      msg: 'Each Data Model Value Must be an Object',
    });
  });

  it('type, source and defaultValue are each required', () => {
    for (const key of ['type', 'source', 'defaultValue'])
      expect(checkModelSchema(withEntry({}, key))).toEqual({
        ok: false,
        msg: 'Each Data Model Object Must Have Type, Source And defaultValue.',
      });
  });

  it('the name must be non-empty text', () => {
    for (const name of ['', 3])
      expect(checkModelSchema(withEntry({ name }))).toEqual({ ok: false, msg: MODEL_SCHEMA_MSG.noName });
  });

  it('the source must be text', () => {
    expect(checkModelSchema(withEntry({ source: 5 }))).toEqual({
      ok: false,
      msg: MODEL_SCHEMA_MSG.badEntryType,
    });
  });

  it('every entry is checked, not just the first', () => {
    const text = JSON.stringify({ dataModel: [entry, { ...entry, type: 'date' }] });
    expect(checkModelSchema(text)).toEqual({ ok: false, msg: MODEL_SCHEMA_MSG.badEntryType });
  });
});

describe('sourceProblems', () => {
  const schema = (sources: string[], items?: string): ModelSchema => ({
    dataModel: sources.map((source, i) => ({ name: `f${i}`, type: 'string', source, defaultValue: null })),
    ...(items === undefined ? {} : { items }),
  });

  it('finds none when every source fits the response type', () => {
    expect(sourceProblems(schema(['.price', 'h1, .title'], '.result'), 'HTML')).toEqual([]);
    expect(sourceProblems(schema(['$.price', '  $..name'], '$.items[*]'), 'JSON')).toEqual([]);
  });

  it('refuses a JSONPath on an HTML schema and a CSS selector on a JSON one, at the field', () => {
    expect(sourceProblems(schema(['.ok', ' $.price']), 'HTML')).toEqual([
      {
        path: 'dataModel[1].source',
        message: 'f1: " $.price" is a JSONPath; an HTML schema\'s source is a CSS selector, e.g. .price',
      },
    ]);
    expect(sourceProblems(schema(['.price']), 'JSON')).toEqual([
      {
        path: 'dataModel[0].source',
        message: 'f0: ".price" is not a JSONPath; a JSON schema\'s source starts with $, e.g. $.price',
      },
    ]);
  });

  it('refuses an empty or blank source whatever the type, and checks items first', () => {
    for (const type of ['HTML', 'JSON', 'XML'])
      expect(sourceProblems(schema([' '], ''), type)).toEqual([
        { path: 'items', message: 'items: the source can not be empty.' },
        { path: 'dataModel[0].source', message: 'f0: the source can not be empty.' },
      ]);
  });

  it('checks items against the response type too', () => {
    expect(sourceProblems(schema(['.a'], '$.items'), 'HTML')).toEqual([
      {
        path: 'items',
        message: 'items: "$.items" is a JSONPath; an HTML schema\'s source is a CSS selector, e.g. .price',
      },
    ]);
  });

  it('leaves the sources of another response type to the extractor', () => {
    expect(sourceProblems(schema(['.a', '$.b']), 'XML')).toEqual([]);
  });
});
