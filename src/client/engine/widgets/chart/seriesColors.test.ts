import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERIES_COLORS, TONE_COLORS, TONE_SHADES } from '../../../../shared/vocab/index.js';
import { withMeaningfulColors } from './seriesColors.js';

const screenChart = (file: string, id: string) => {
  const screen = JSON.parse(readFileSync(`screens/${file}`, 'utf8')) as {
    widgets: { id: string; spec?: Record<string, unknown> }[];
  };
  return screen.widgets.find((w) => w.id === id)!.spec!;
};
const colorOf = (spec: Record<string, unknown>) =>
  (spec.encoding as { color: Record<string, unknown> }).color;

describe('chart colours carry meaning', () => {
  it('promo offers by status: Missing red, Matched green, in any order (the real screen)', () => {
    const color = colorOf(withMeaningfulColors(screenChart('promo/kpi.screen.json', 'statusChart'), []));
    const { domain, range } = color.scale as { domain: string[]; range: string[] };
    expect(TONE_SHADES.bad).toContain(range[domain.indexOf('Missing')]);
    expect(range[domain.indexOf('Matched')]).toBe(TONE_COLORS.good);
    expect(TONE_SHADES.bad).toContain(range[domain.indexOf('Not Matched')]);
    expect(TONE_SHADES.good).not.toContain(range[domain.indexOf('Missing')]);
    expect(range[domain.indexOf('Other Offer')]).toBe(TONE_COLORS.neutral);
  });

  it('content score bands: Low red, High green', () => {
    const spec = screenChart('content/data.screen.json', 'bandChart');
    const { domain, range } = colorOf(withMeaningfulColors(spec, [])).scale as {
      domain: string[];
      range: string[];
    };
    expect(range[domain.indexOf('Low')]).toBe(TONE_COLORS.bad);
    expect(range[domain.indexOf('High')]).toBe(TONE_COLORS.good);
  });

  it('bars told apart only by colour get one neutral accent; legends get non-verdict colours', () => {
    const bars = { encoding: { color: { field: 'label', legend: null } }, transform: [] };
    expect(colorOf(withMeaningfulColors(bars, [{ label: 'Images' }]))).toEqual({ value: SERIES_COLORS[0] });
    const series = { encoding: { color: { field: 'channel_name', title: 'Channel' } } };
    expect(colorOf(withMeaningfulColors(series, [{ channel_name: 'Amazon' }])).scale).toEqual({
      range: SERIES_COLORS,
    });
  });

  it('own vs competitor brands: both sides of the calculate get a colour (Own bars were not drawn)', () => {
    const spec = screenChart('price/competitors.screen.json', 'discountChart');
    const { domain, range } = colorOf(withMeaningfulColors(spec, [])).scale as {
      domain: string[];
      range: string[];
    };
    expect(domain).toEqual(['Competitor', 'Own']);
    expect(range[domain.indexOf('Own')]).toBeDefined();
    expect(range[domain.indexOf('Own')]).not.toBe(range[domain.indexOf('Competitor')]);
  });

  it('a spec with its own scale keeps it', () => {
    const own = { encoding: { color: { field: 'x', scale: { scheme: 'blues' } } } };
    expect(withMeaningfulColors(own, [])).toBe(own);
  });
});
