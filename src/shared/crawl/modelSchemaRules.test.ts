import { describe, expect, it } from 'vitest';
import { checkModelSchema, MODEL_SCHEMA_MSG } from './modelSchemaRules.js';

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
