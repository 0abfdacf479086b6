import { describe, expect, it } from 'vitest';
import { vocabEntry, vocabOptions } from './vocabularies.js';

describe('status vocabularies (spec §4)', () => {
  it('maps codes to labels', () => {
    expect(vocabEntry('stock', 1).label).toBe('In Stock');
    expect(vocabEntry('stock', 0).label).toBe('Out Of Stock');
    expect(vocabEntry('promoOffer', 4).label).toBe('Other Offer');
    expect(vocabEntry('process', 0).label).toBe('Mismatch');
    expect(vocabEntry('violationType', 3).label).toBe('Max Min');
    expect(vocabEntry('reportDelivery', 4).label).toBe('Delivery Failed');
    expect(vocabEntry('detection', 8).label).toBe('In Progress');
  });

  it('unknown codes show as themselves', () => {
    expect(vocabEntry('stock', 9)).toEqual({ label: '9', tone: 'neutral' });
  });

  it('vocabularies give filter options', () => {
    expect(vocabOptions('stock').map((o) => o.name)).toEqual(['Out Of Stock', 'In Stock', 'Delisted']);
  });
});
