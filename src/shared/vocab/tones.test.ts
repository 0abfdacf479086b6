import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERIES_COLORS, TONE_COLORS, toneColorScale, toneOfLabel } from './tones.js';
import { VOCABULARIES, vocabEntry, type VocabEntry } from './vocabularies.js';

describe('colours carry meaning', () => {
  it('the defects named in the issue: Missing is bad, Pending neutral, Low content bad', () => {
    expect(vocabEntry('promoOffer', 1)).toEqual({ label: 'Missing', tone: 'bad' });
    expect(vocabEntry('detection', 6).tone).toBe('neutral');
    expect(toneOfLabel('Low')).toBe('bad');
    expect(toneOfLabel('High')).toBe('good');
    expect(toneOfLabel('Matched')).toBe('good');
    expect(toneOfLabel('Not Matched')).toBe('bad');
  });

  it('a label has one tone in every vocabulary', () => {
    const seen = new Map<string, string>();
    for (const [name, vocab] of Object.entries(VOCABULARIES)) {
      for (const e of Object.values(vocab as Record<string, VocabEntry>)) {
        const key = e.label.toLowerCase();
        const before = seen.get(key);
        if (before) expect(`${name}: ${e.label} ${e.tone}`).toBe(`${name}: ${e.label} ${before}`);
        seen.set(key, e.tone);
      }
    }
  });

  it('charts colour verdict labels by tone, and other series without green or red', () => {
    const scale = toneColorScale(['Matched', 'Missing', 'Other Offer', 'Matched']);
    expect(scale).toEqual({
      domain: ['Matched', 'Missing', 'Other Offer'],
      range: [TONE_COLORS.good, TONE_COLORS.bad, TONE_COLORS.neutral],
    });
    expect(toneColorScale(['Amazon', 'Flipkart'])).toBeNull();
    // Three kinds of violation: all red, yet three different reds.
    const reds = toneColorScale(['Max', 'Min', 'Max Min'])!.range;
    expect(new Set(reds).size).toBe(3);
    expect(reds[0]).toBe(TONE_COLORS.bad);
    expect(toneColorScale([])).toBeNull();
    expect(SERIES_COLORS).not.toContain(TONE_COLORS.good);
    expect(SERIES_COLORS).not.toContain(TONE_COLORS.bad);
  });

  it('tone colours are the CSS tokens of the chips', () => {
    const css = readFileSync('src/client/tokens.css', 'utf8');
    for (const tone of ['good', 'bad', 'neutral'] as const)
      expect(css, tone).toMatch(new RegExp(`--ss-${tone}-chart: ${TONE_COLORS[tone]}`));
  });
});

describe('tones of labels', () => {
  it('case and spaces around a label do not matter; non-text has no tone', () => {
    expect(toneOfLabel('  in stock ')).toBe('good');
    expect(toneOfLabel(1)).toBeUndefined();
  });

  it('one unknown label among known ones means no tone scale', () => {
    expect(toneColorScale(['In Stock', 'Something else'])).toBeNull();
  });
});
