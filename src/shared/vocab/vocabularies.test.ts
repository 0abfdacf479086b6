import { describe, expect, it } from 'vitest';
import { VOCABULARY_NAMES, vocabEntry, vocabOptions } from './vocabularies.js';

describe('status vocabularies (docs/product-spec.md §4)', () => {
  it('maps codes to labels', () => {
    expect(vocabEntry('stock', 1).label).toBe('In Stock');
    expect(vocabEntry('stock', 0).label).toBe('Out Of Stock');
    expect(vocabEntry('promoOffer', 4).label).toBe('Other Offer');
    expect(vocabEntry('process', 0).label).toBe('Mismatch');
    expect(vocabEntry('violationType', 3).label).toBe('Max Min');
    expect(vocabEntry('reportDelivery', 4).label).toBe('Delivery Failed');
    expect(vocabEntry('detection', 8).label).toBe('In Progress');
  });

  it('product and seller flags read as words, not 0/1 codes', () => {
    expect(vocabEntry('ownership', 1).label).toBe('Competitor');
    expect(vocabEntry('mappingStatus', 2).label).toBe('Pending Review');
    expect(vocabEntry('sellerAuthorisation', 0).label).toBe('Unauthorised');
    // The visibility grid showed raw 'sponsored' / 'organic' while its filter says Sponsored / Organic.
    expect(vocabEntry('slotType', 'sponsored')).toEqual({ label: 'Sponsored', tone: 'info' });
    expect(vocabEntry('slotType', 'organic').label).toBe('Organic');
  });

  it('every vocabulary a config may name exists (schema enum = VOCABULARIES keys)', async () => {
    const { readFile } = await import('node:fs/promises');
    const common = JSON.parse(await readFile('schemas/common.schema.json', 'utf8')) as {
      definitions: { vocabulary: { enum: string[] } };
    };
    for (const name of common.definitions.vocabulary.enum) expect(VOCABULARY_NAMES).toContain(name);
  });

  it('unknown codes show as themselves', () => {
    expect(vocabEntry('stock', 9)).toEqual({ label: '9', tone: 'neutral' });
  });

  it('vocabularies give filter options', () => {
    expect(vocabOptions('stock').map((o) => o.name)).toEqual(['Out Of Stock', 'In Stock', 'Delisted']);
  });
});

describe('vocabulary entries of raw codes', () => {
  it('a missing code reads ---, a known code its label', () => {
    expect(vocabEntry('stock', null)).toEqual({ label: '---', tone: 'neutral' });
    expect(vocabEntry('stock', undefined)).toEqual({ label: '---', tone: 'neutral' });
    expect(vocabEntry('stock', 1)).toEqual({ label: 'In Stock', tone: 'good' });
    expect(vocabEntry('stock', '0')).toEqual({ label: 'Out Of Stock', tone: 'bad' });
  });

  it('an unknown code or vocabulary shows the code itself in a neutral chip', () => {
    expect(vocabEntry('stock', 9)).toEqual({ label: '9', tone: 'neutral' });
    expect(vocabEntry('noSuchVocabulary', 'x')).toEqual({ label: 'x', tone: 'neutral' });
  });
});
