import { describe, expect, it } from 'vitest';
import { addDays, dateRange } from './calendar.js';
import { planLifecycles } from './lifecycle.js';
import { eventsOn, marketplaceTraffic, reviewWave } from './marketCalendar.js';
import { MarketDay } from './marketDay.js';
import type { DemoBrand, DemoCategory, DemoProduct } from './model.js';
import { DEMO_CHANNELS } from './places.js';
import { seasonalDemand } from './seasonality.js';
import { THEMES } from './themes.js';

const [amazon, , bigBasket, blinkit] = DEMO_CHANNELS as [
  (typeof DEMO_CHANNELS)[number],
  unknown,
  (typeof DEMO_CHANNELS)[number],
  (typeof DEMO_CHANNELS)[number],
];
const category = (name: string, categoryId: number): DemoCategory => ({
  categoryId,
  labelCategoryId: 1,
  labelName: 'Snacks',
  labelIndex: 0,
  spec: THEMES[0]!.labels.flatMap((l) => l.categories).find((c) => c.name === name)!,
});

describe('the market calendar', () => {
  it('runs the big festive sale four weeks before Diwali, and Diwali week on quick commerce too', () => {
    // Diwali 2026 is on 8 November.
    expect(eventsOn('2026-10-11').map((e) => e.name)).toContain('Big Billion Days / Great Indian Festival');
    expect(eventsOn('2026-11-05').find((e) => e.name === 'Diwali week')?.kinds).toContain('Quick Commerce');
    expect(eventsOn('2026-06-03')).toEqual([]);
    expect(reviewWave('2026-11-15')).toBeGreaterThan(1);
    expect(reviewWave('2026-06-03')).toBe(1);
  });

  it("makes the marketplaces' sale days busier for every category (display ads deliver on it), not Holi's", () => {
    expect(marketplaceTraffic('2026-10-12')).toBeCloseTo(2.3, 6); // the big festive sale
    expect(marketplaceTraffic('2026-11-05')).toBe(1); // Diwali week lifts festive food only
    expect(marketplaceTraffic('2026-03-03')).toBe(1); // Holi runs on quick commerce and e-grocery
    expect(marketplaceTraffic('2026-06-03')).toBe(1);
  });

  it('turns seasonal demand gradually: summer drinks up, no jump from one day to the next', () => {
    expect(seasonalDemand('Soft Drinks', '2026-05-15')).toBeCloseTo(1.5, 2);
    expect(seasonalDemand('Soft Drinks', '2026-12-16')).toBeCloseTo(0.78, 2);
    expect(seasonalDemand('Tea & Coffee', '2026-01-16')).toBeGreaterThan(
      seasonalDemand('Tea & Coffee', '2026-05-16'),
    );
    const days = dateRange('2026-12-31', 365);
    for (let i = 1; i < days.length; i++) {
      const step = Math.abs(
        seasonalDemand('Soft Drinks', days[i]!) - seasonalDemand('Soft Drinks', days[i - 1]!),
      );
      expect(step, days[i]).toBeLessThan(0.025);
    }
    expect(seasonalDemand('Unknown Category', '2026-05-15')).toBe(1);
  });
});

describe('a market day', () => {
  const namkeen = category('Namkeen', 1102);

  it('lifts festive snacks on every channel in Diwali week and deepens the big sale on marketplaces', () => {
    const diwaliWeek = new MarketDay('2026-11-05', 7);
    expect(diwaliWeek.demand(namkeen, blinkit)).toBeGreaterThan(1.6);
    const bigSale = new MarketDay('2026-10-12', 7);
    expect(bigSale.demand(namkeen, amazon)).toBeGreaterThan(2);
    expect(bigSale.demand(namkeen, bigBasket)).toBeLessThan(1.3);
    expect(bigSale.extraDiscount(namkeen, amazon)).toBeGreaterThanOrEqual(0.12);
  });

  it('keeps supply spells for a whole week in a city, and leaves most city-weeks calm', () => {
    const stress = (date: string, cityId: number) => new MarketDay(date, 7).supplyStress(cityId, blinkit);
    let spells = 0;
    let weeks = 0;
    // Mumbai (2) in the monsoon, week by week: spells start on Thursdays (1 January 1970 was one).
    for (let week = 0; week < 12; week++) {
      const first = addDays('2026-07-02', week * 7);
      const values = Array.from({ length: 7 }, (_, d) => stress(addDays(first, d), 2));
      expect(new Set(values).size, first).toBe(1);
      weeks++;
      if (values[0]! > 1) spells++;
    }
    expect(spells).toBeGreaterThan(0);
    expect(spells).toBeLessThan(weeks);
    expect(stress('2026-04-15', 3)).toBeLessThanOrEqual(3);
  });
});

describe('product lifecycles', () => {
  const brands: DemoBrand[] = [
    { brandId: 1001, name: 'Own', isCompetitor: 0, labelIndex: 0, adIntensity: 0.5, momentum: 0 },
    { brandId: 1002, name: 'Rival', isCompetitor: 1, labelIndex: 0, adIntensity: 0.5, momentum: 0 },
  ];
  const products = (n: number): DemoProduct[] =>
    Array.from(
      { length: n },
      (_, i) => ({ productId: 100_001 + i, launchDate: '2020-01-01' }) as DemoProduct,
    );

  it('launches and delists a few products part-way, never in the last 45 days', () => {
    const dates = dateRange('2026-11-29', 396);
    const catalogue = products(1000);
    planLifecycles(catalogue, brands, dates, 42);
    const launched = catalogue.filter((p) => p.launchDate !== '2020-01-01');
    const delisted = catalogue.filter((p) => p.delistDate);
    expect(launched.length).toBeGreaterThan(40);
    expect(launched.length).toBeLessThan(100);
    expect(delisted.length).toBeGreaterThan(20);
    expect(delisted.length).toBeLessThan(60);
    const lastEvent = addDays('2026-11-29', -45);
    for (const p of launched) expect(p.launchDate >= dates[0]! && p.launchDate <= lastEvent).toBe(true);
    for (const p of delisted) expect(p.delistDate! > dates[0]! && p.delistDate! <= lastEvent).toBe(true);
    expect(brands[0]!.contentPush).toBeDefined();
    expect(brands[1]!.contentPush).toBeUndefined();
  });

  it('leaves a short history as it was', () => {
    const catalogue = products(200);
    planLifecycles(catalogue, brands, dateRange('2026-11-29', 35), 42);
    expect(catalogue.every((p) => p.launchDate === '2020-01-01' && !p.delistDate)).toBe(true);
  });
});
