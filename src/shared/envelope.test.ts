import { describe, expect, it } from 'vitest';
import { fail, ok } from './envelope.js';

describe('the response envelope', () => {
  it('success is statusCode 1 with msg Success by default', () => {
    expect(ok({ rows: [] })).toEqual({ statusCode: 1, msg: 'Success', data: { rows: [] } });
    expect(ok(3, 'Role Created Successfully')).toEqual({
      statusCode: 1,
      msg: 'Role Created Successfully',
      data: 3,
    });
  });

  it('failure is statusCode 0, with data only when given', () => {
    expect(fail('Fill required values')).toStrictEqual({ statusCode: 0, msg: 'Fill required values' });
    expect(fail('Fill required values', [1])).toEqual({
      statusCode: 0,
      msg: 'Fill required values',
      data: [1],
    });
    expect(fail('x', null)).toStrictEqual({ statusCode: 0, msg: 'x', data: null });
  });
});
