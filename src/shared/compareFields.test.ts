import { describe, expect, it } from 'vitest';
import { changeField, compareFields, previousField } from './compareFields.js';

describe('compare fields', () => {
  it('names the change and previous value of a measure', () => {
    expect(changeField('units')).toBe('units__change');
    expect(previousField('units')).toBe('units__previous');
  });

  it('lists every added field: per measure, then keys and the previous period', () => {
    expect(compareFields(['units', 'value'])).toEqual([
      'units__change',
      'units__previous',
      'value__change',
      'value__previous',
      'compare__keys',
      'compare__start',
      'compare__end',
    ]);
    expect(compareFields([])).toEqual(['compare__keys', 'compare__start', 'compare__end']);
  });
});
