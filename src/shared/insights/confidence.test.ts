import { describe, expect, it } from 'vitest';
import { confidenceText, confidenceTone, type Confidence } from './confidence.js';

const base: Confidence = {
  expected: 1200,
  loaded: 1152,
  blocked: 48,
  failed: 0,
  coverage: 96,
  lastLoad: null,
  dataTo: '2026-11-29',
  leftOut: [],
};

describe('confidenceText', () => {
  it('says coverage, what was excluded and how fresh, in words', () => {
    expect(confidenceText(base)).toBe(
      'Coverage 96%: 1,152 of 1,200 pages loaded for these days and filters; 48 blocked, excluded (never counted as out of stock). No crawl run recorded. Data to 29-Nov-2026.',
    );
    expect(confidenceTone(base)).toBe('partial');
  });

  it('names failed pages and filters left out, and nothing expected', () => {
    const c = {
      ...base,
      expected: 1000,
      loaded: 995,
      blocked: 3,
      failed: 2,
      coverage: 99.5,
      leftOut: ['Stock status'],
    };
    expect(confidenceText(c)).toContain('Coverage 99.5%: 995 of 1,000 pages loaded');
    expect(confidenceText(c)).toContain('3 blocked and 2 failed, excluded');
    expect(confidenceText(c)).toContain('Stock status left out: a missing page has no status.');
    expect(confidenceTone(c)).toBe('full');
    expect(confidenceText({ ...base, expected: 0, loaded: 0, blocked: 0, coverage: null })).toBe(
      'No pages loaded or expected for these days and filters.',
    );
  });
});
