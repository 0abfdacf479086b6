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
