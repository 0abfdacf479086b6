import { describe, expect, it } from 'vitest';
import { confidenceText, confidenceTone, coverageLabel, type Confidence } from './confidence.js';

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

describe('confidence tone and label', () => {
  const at = (coverage: number | null) => ({ ...base, coverage });

  it('is full from 98%, partial from 90%, low below, none without pages', () => {
    expect(confidenceTone(at(100))).toBe('full');
    expect(confidenceTone(at(98))).toBe('full');
    expect(confidenceTone(at(97.9))).toBe('partial');
    expect(confidenceTone(at(90))).toBe('partial');
    expect(confidenceTone(at(89.9))).toBe('low');
    expect(confidenceTone(at(0))).toBe('low');
    expect(confidenceTone(at(null))).toBe('none');
  });

  it('shows whole percents whole and others with one decimal', () => {
    expect(coverageLabel(at(96))).toBe('96%');
    expect(coverageLabel(at(0))).toBe('0%');
    expect(coverageLabel(at(99.64))).toBe('99.6%');
    expect(coverageLabel(at(null))).toBe('no pages');
  });
});

describe('confidenceText, each part', () => {
  it('with nothing excluded names the last load and leaves out what is unknown', () => {
    const c = {
      ...base,
      loaded: 1200,
      blocked: 0,
      coverage: 100,
      lastLoad: '2026-11-29T06:10:00',
      dataTo: null,
      leftOut: ['Stock status', 'Availability'],
    };
    expect(confidenceText(c)).toBe(
      'Coverage 100%: 1,200 of 1,200 pages loaded for these days and filters. Last load 29-Nov-2026 06:10. Stock status, Availability left out: a missing page has no status.',
    );
  });

  it('names failed pages alone when none were blocked', () => {
    expect(confidenceText({ ...base, blocked: 0, failed: 1 })).toContain(
      'filters; 1 failed, excluded (never counted as out of stock).',
    );
  });
});
