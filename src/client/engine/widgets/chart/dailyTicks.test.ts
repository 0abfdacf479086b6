import { describe, expect, it } from 'vitest';
import { dailyTickConfig } from './dailyTicks.js';

const spec = { mark: 'line', encoding: { x: { field: 'crawl_date', type: 'temporal' } } };
const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ crawl_date: `2026-01-${String(i + 1).padStart(2, '0')}`, v: i }));

describe('dailyTickConfig', () => {
  it('asks for one tick per day on a short daily series (no duplicated date labels)', () => {
    expect(dailyTickConfig(spec, [...days(7), ...days(7)])).toEqual({
      axisTemporal: { tickCount: { interval: 'day', step: 1 }, labelSeparation: 6 },
    });
  });

  it("leaves long ranges and non-temporal axes to Vega's own ticks", () => {
    expect(
      dailyTickConfig(
        spec,
        days(31).concat(days(31).map((r) => ({ ...r, crawl_date: r.crawl_date.replace('-01-', '-02-') }))),
      ),
    ).toEqual({});
    expect(dailyTickConfig({ encoding: { x: { field: 'brand', type: 'nominal' } } }, days(3))).toEqual({});
    expect(dailyTickConfig(spec, [])).toEqual({});
  });
});
