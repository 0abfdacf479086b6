import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  additiveSplit,
  priceVolumeSplit,
  rateMixSplit,
  type Contribution,
  type MemberFigures,
} from './decompose.js';

const m = (key: string, a: number, b?: number): MemberFigures => ({ key, label: key.toUpperCase(), a, b });
const of = (cs: Contribution[], key: string, effect: string) =>
  cs.find((c) => c.key === key && c.effect === effect)?.value;

describe('rate/mix split of a ratio (planted effects)', () => {
  it('availability 90% -> 60% on channel A alone at 50/50 weights: rate -15 pp on A, mix 0', () => {
    const before = [m('a', 90, 100), m('b', 80, 100)];
    const now = [m('a', 60, 100), m('b', 80, 100)];
    const s = rateMixSplit(now, before, 100);
    expect(s.change).toBeCloseTo(-15, 12);
    expect(of(s.contributions, 'a', 'rate')).toBeCloseTo(-15, 12);
    expect(of(s.contributions, 'a', 'mix')).toBe(0);
    expect(of(s.contributions, 'b', 'rate')).toBe(0);
    expect(of(s.contributions, 'b', 'mix')).toBe(0);
  });

  it('weights 50/50 -> 80/20 at constant rates 90/60: rate 0, mix +9 pp', () => {
    const before = [m('a', 45, 50), m('b', 30, 50)];
    const now = [m('a', 72, 80), m('b', 12, 20)];
    const s = rateMixSplit(now, before, 100);
    expect([s.previous, s.current]).toEqual([75, 84]);
    const rate = s.contributions.filter((c) => c.effect === 'rate').reduce((t, c) => t + c.value, 0);
    const mix = s.contributions.filter((c) => c.effect === 'mix').reduce((t, c) => t + c.value, 0);
    expect(rate).toBeCloseTo(0, 12);
    expect(mix).toBeCloseTo(9, 12);
  });

  it('puts a member of one period only under entered or left', () => {
    const s = rateMixSplit([m('a', 9, 10), m('new', 1, 10)], [m('a', 9, 10), m('old', 5, 10)], 100);
    expect(of(s.contributions, 'new', 'entered')).toBeCloseTo(5, 12);
    expect(of(s.contributions, 'old', 'left')).toBeCloseTo(-25, 12);
    expect(s.change).toBeCloseTo(-20, 12);
  });
});

describe('price x volume split of revenue (log-mean Divisia)', () => {
  it('100 x 10 -> 90 x 12 gives price + volume = 80 exactly', () => {
    const s = priceVolumeSplit([m('p', 1080, 12)], [m('p', 1000, 10)]);
    const price = of(s.contributions, 'p', 'price')!;
    const volume = of(s.contributions, 'p', 'volume')!;
    expect(s.change).toBe(80);
    expect(price + volume).toBe(80);
    const l = 80 / Math.log(1.08);
    expect(price).toBeCloseTo(l * Math.log(0.9), 9);
    expect(volume).toBeCloseTo(l * Math.log(1.2), 9);
  });
});

describe('contributions add up to the change', () => {
  // Members drawn from a small key set, so periods share some members and not others.
  const figures = (ratio: boolean) =>
    fc
      .uniqueArray(
        fc.record({
          key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
          b: fc.integer({ min: 1, max: 10_000 }),
          share: fc.double({ min: 0, max: 1, noNaN: true }),
          scale: fc.double({ min: 0.01, max: 1e6, noNaN: true }),
        }),
        { selector: (r) => r.key, maxLength: 6 },
      )
      .map((rs) => rs.map((r) => m(r.key, ratio ? Math.round(r.share * r.b) : r.share * r.scale, r.b)));
  const total = (cs: Contribution[]) => cs.reduce((t, c) => t + c.value, 0);
  // Within 1e-9 of the figures summed: contributions of ~1e6 that cancel to a change near 0 carry
  // ~1e-10 of rounding each, which no split can avoid (a relative bound on the change alone flaked).
  const sums = (cs: Contribution[], change: number) =>
    Math.abs(total(cs) - change) <= 1e-9 * Math.max(1, Math.abs(change), ...cs.map((c) => Math.abs(c.value)));

  it('for additive, ratio and price x volume splits, incl. empty and single-member periods', () => {
    fc.assert(
      fc.property(figures(false), figures(false), (now, before) => {
        const add = additiveSplit(now, before);
        const pv = priceVolumeSplit(now, before);
        return sums(add.contributions, add.change!) && sums(pv.contributions, pv.change!);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(figures(true), figures(true), (now, before) => {
        const s = rateMixSplit(now, before, 100);
        return s.change === null ? s.contributions.length === 0 : sums(s.contributions, s.change);
      }),
      { numRuns: 500 },
    );
  });

  it('answers no change for a ratio without a denominator in a period', () => {
    expect(rateMixSplit([], [m('a', 1, 2)], 100)).toMatchObject({ current: null, change: null });
    expect(additiveSplit([], [])).toMatchObject({ current: 0, previous: 0, change: 0, contributions: [] });
  });
});
