import type { DatasetIndex } from '../model/datasetIndex.js';

const MONEY = new Set(['currency']);

/**
 * What one of a measure is, in words (a tile says it under its figure): its declared unit, else
 * nothing for money (the user's currency names it), else for a percentage of a ratio or share
 * '% of <the whole's unit, or its name>', for a day share '% of days'. Undefined when none resolves:
 * the config check then asks a tile of it to declare one.
 */
export function measureUnit(ds: DatasetIndex, id: string, depth = 0): string | undefined {
  const m = ds.measures.get(id);
  if (!m || depth > 8) return undefined;
  if (m.unit) return m.unit;
  if (MONEY.has(m.format)) return undefined;
  if (m.format !== 'percent') return undefined;
  if (m.kind === 'entityDayShare') return '% of days';
  if (m.kind === 'ratio' || m.kind === 'shareOfTotal') {
    const whole = ds.measures.get(m.kind === 'ratio' ? m.denominator : m.of);
    if (!whole) return undefined;
    const unit = measureUnit(ds, whole.id, depth + 1);
    // '% of observations', or the whole's name when it is money or itself a rate: '% of ad sales'.
    return `% of ${unit && !unit.startsWith('%') ? unit : whole.label.toLowerCase()}`;
  }
  return undefined;
}

/** True when a tile of this measure says what it counts: money, or a unit that resolves. */
export function measureHasUnit(ds: DatasetIndex, id: string): boolean {
  const m = ds.measures.get(id);
  return Boolean(m && (MONEY.has(m.format) || measureUnit(ds, id)));
}
