import { describe, expect, it } from 'vitest';
import { detectAnomalies } from './detectAnomalies.js';

/** A seeded normal source: mulberry32 uniforms through Box-Muller. */
function normals(seed: number): () => number {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Days with d % 7 === 5 are Saturdays. */
const isSaturday = (d: number) => d % 7 === 5;

/** 100 a day, 120 on Saturdays, noise sd 3. */
function weekly(days: number, seed: number): number[] {
  const noise = normals(seed);
  return Array.from({ length: days }, (_, d) => 100 + (isSaturday(d) ? 20 : 0) + 3 * noise());
}

const flaggedDays = (series: number[]) =>
  detectAnomalies(series)
    .filter((v) => v.flagged)
    .map((v) => v.day);

describe('anomaly detection', () => {
  it('flags a +25 spike on day 45 and the first day of a -30 level shift (day 52), no Saturday', () => {
    const series = weekly(60, 7).map((x, d) => x + (d === 45 ? 25 : 0) + (d >= 52 ? -30 : 0));
    const verdicts = detectAnomalies(series);
    expect(verdicts.filter((v) => v.flagged).map((v) => v.day)).toEqual([45, 52]);
    const shift = verdicts.find((v) => v.day === 52)!;
    expect(shift.method).toBe('seasonal decomposition + ESD');
    expect(shift.actual).toBeLessThan(shift.low);
    expect(shift.expected).toBeGreaterThan(95);
  });

  it('with under 8 weeks judges a day against its weekday of the 4 weeks before, robust z 3.5', () => {
    const series = weekly(40, 11).map((x, d) => x + (d === 38 ? 25 : 0));
    const verdicts = detectAnomalies(series);
    expect(verdicts[0]!.day).toBe(28);
    expect(verdicts.every((v) => v.method === 'weekday median (4 weeks)')).toBe(true);
    expect(verdicts.filter((v) => v.flagged).map((v) => v.day)).toEqual([38]);
    const saturday = verdicts.find((v) => v.day === 33)!;
    expect(saturday.expected).toBeGreaterThan(112); // a Saturday is expected at its own level
  });

  it('on 1,000 clean series flags under 1.5% of the days, with either method', () => {
    for (const days of [60, 42]) {
      let judged = 0;
      let flags = 0;
      for (let seed = 1; seed <= 1000; seed++) {
        const verdicts = detectAnomalies(weekly(days, seed * 7919 + days));
        judged += verdicts.length;
        flags += verdicts.filter((v) => v.flagged).length;
      }
      expect(flags / judged, `${days} days`).toBeLessThan(0.015);
    }
  });

  it('skips days without a value', () => {
    const series = weekly(35, 3);
    series[30] = Number.NaN;
    expect(detectAnomalies(series).map((v) => v.day)).not.toContain(30);
    expect(flaggedDays(series)).toEqual([]);
  });
});
