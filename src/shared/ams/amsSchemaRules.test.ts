import { describe, expect, it } from 'vitest';
import { AMS_SCHEMA_MSG, checkAmsSchema } from './amsSchemaRules.js';

describe('AMS schema checks', () => {
  it('gives the spec message of the first failure', () => {
    expect(checkAmsSchema('  ', undefined)).toEqual({ ok: false, msg: AMS_SCHEMA_MSG.empty });
    expect(checkAmsSchema('{}', undefined)).toEqual({ ok: false, msg: AMS_SCHEMA_MSG.empty });
    expect(checkAmsSchema('{"a":', undefined)).toEqual({ ok: false, msg: AMS_SCHEMA_MSG.notJson });
    expect(checkAmsSchema('[1]', undefined)).toEqual({ ok: false, msg: AMS_SCHEMA_MSG.notJson });
    expect(checkAmsSchema('{"a":1}', 'nope')).toEqual({ ok: false, msg: AMS_SCHEMA_MSG.targetNotJson });
    expect(checkAmsSchema('{"a":1}', '{"b":2}')).toEqual({ ok: true, model: { a: 1 }, target: { b: 2 } });
    expect(checkAmsSchema('{"a":1}', '')).toEqual({ ok: true, model: { a: 1 }, target: null });
  });
});

describe('AMS schema edges', () => {
  it('JSON null or text is not an object', () => {
    expect(checkAmsSchema('null', undefined)).toEqual({ ok: false, msg: 'AMS Model Is Not A Valid JSON' });
    expect(checkAmsSchema('"a"', undefined)).toEqual({ ok: false, msg: 'AMS Model Is Not A Valid JSON' });
    expect(checkAmsSchema('{"a":1}', 'null')).toEqual({
      ok: false,
      msg: 'Channel Target Object Is Not A Valid JSON',
    });
    expect(checkAmsSchema('{"a":1}', '[1]')).toEqual({
      ok: false,
      msg: 'Channel Target Object Is Not A Valid JSON',
    });
  });

  it('no target, or a blank one, is no target', () => {
    expect(checkAmsSchema('{"a":1}', undefined)).toEqual({ ok: true, model: { a: 1 }, target: null });
    expect(checkAmsSchema('{"a":1}', '  \n')).toEqual({ ok: true, model: { a: 1 }, target: null });
  });
});
