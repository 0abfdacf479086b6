import { describe, expect, it } from 'vitest';
import { contentBand, contentCompliance, contentScore } from './contentScore.js';
import { VARIATION_BAND_NAMES, variationBand, violationType } from '../../features/crawl/priceRules.js';
import { createRng } from './prng.js';
import { dateRange, weekday } from './calendar.js';

describe('price rules', () => {
  it('bands variations in 5% steps, open-ended beyond ±20%', () => {
    const cases: [number, string][] = [
      [-35, '< -20%'],
      [-20, '-20% to -15%'],
      [-15.01, '-20% to -15%'],
      [-0.5, '-5% to 0%'],
      [0, '0% to 5%'],
      [19.99, '15% to 20%'],
      [20, '> 20%'],
      [80, '> 20%'],
    ];
    for (const [pct, name] of cases)
      expect(VARIATION_BAND_NAMES[variationBand(pct) - 1], String(pct)).toBe(name);
  });

  it('classifies violations; above MRP is always one', () => {
    expect(violationType(110, 100, null, null, false)).toBe(1);
    expect(violationType(90, 100, null, null, false)).toBe(5);
    expect(violationType(95, 100, 80, 100, false)).toBe(4);
    expect(violationType(70, 100, 80, 100, false)).toBe(2);
    expect(violationType(101, 100, 80, 100, false)).toBe(1);
    expect(violationType(95, 100, 80, 100, true)).toBe(3);
    // Above MRP stays Max on a swung day, so Above MRP is always part of Max.
    expect(violationType(104, 100, 80, 100, true)).toBe(1);
  });
});

describe('content score', () => {
  const full = {
    imageCount: 7,
    videoCount: 1,
    bulletCount: 5,
    titleLength: 80,
    descriptionLength: 300,
    aplus: 1,
    specification: 1,
    keywords: 1,
    faqs: 1,
  } as const;

  it('weights images 40, title 20, bullets 20, A+ 15, description 5; every rule met scores 100', () => {
    expect(contentScore(full)).toBe(100);
    expect(contentScore({ ...full, aplus: 0 })).toBe(85);
    expect(contentBand(80)).toBe('High');
    expect(contentBand(79)).toBe('Medium');
    expect(contentBand(39)).toBe('Low');
  });

  it('gives each weighted attribute the share of its rule met, so a listing with images never scores 0', () => {
    // 3 of 5 images 24, a 30-letter title 10, 2 of 5 bullets 8, no A+, 125 of 250 letters 2.5.
    const poor = {
      ...full,
      imageCount: 3,
      titleLength: 30,
      bulletCount: 2,
      aplus: 0,
      descriptionLength: 125,
    } as const;
    expect(contentScore(poor)).toBe(44.5);
    expect(contentCompliance(poor, 4.2)).toMatchObject({
      images: 0,
      title: 0,
      bulletPoints: 0,
      description: 0,
    });
    // One image lost or gained moves the score by 8 points; a title past 180 letters loses a little.
    expect(contentScore({ ...poor, imageCount: 4 })).toBe(52.5);
    expect(contentScore({ ...full, titleLength: 240 })).toBe(95);
  });
});

describe('prng and calendar', () => {
  it('repeats for a seed', () => {
    const a = createRng(5);
    const b = createRng(5);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
    expect(createRng(5).fork(1).next()).not.toBe(createRng(5).fork(2).next());
  });

  it('counts days back from the end date', () => {
    expect(dateRange('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(weekday('2026-11-22')).toBe(0);
  });
});
