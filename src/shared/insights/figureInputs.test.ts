import { describe, expect, it } from 'vitest';
import type { FieldMeta } from '../screenApi.js';
import { figureInputs, missingText } from './figureInputs.js';

const measures: FieldMeta[] = [
  {
    id: 'lost',
    label: 'Lost Sales',
    format: 'integer',
    inputs: { product: ['days', 'base', 'price'], notes: ['weights'], missing: 'not enough history' },
  },
  { id: 'days', label: 'Out Days', format: 'plain' },
  { id: 'base', label: 'Baseline', format: 'plain' },
  { id: 'price', label: 'Price', format: 'integer' },
  { id: 'weights', label: 'Weights', format: 'text' },
];

describe('figure inputs', () => {
  it('shows the inputs multiplied to the figure, then the notes', () => {
    const row = { lost: 1250, days: 2.5, base: 10, price: 50, weights: 'equal' };
    expect(figureInputs(measures[0], row, measures)).toBe(
      'Out Days 2.50 x Baseline 10.00 x Price 50 = 1,250. Weights: equal.',
    );
  });

  it('says why a figure is missing, never 0', () => {
    const row = { lost: null, days: 0, base: null, price: null, weights: '' };
    expect(figureInputs(measures[0], row, measures)).toBe('Lost Sales: not enough history. Weights: ---.');
    expect(missingText(measures[0], null)).toBe('not enough history');
    expect(missingText(measures[0], 0)).toBeNull();
  });

  it('is null for a measure without inputs', () => {
    expect(figureInputs(measures[1], { days: 1 }, measures)).toBeNull();
  });
});
