import { describe, expect, it } from 'vitest';
import type { DatasetConfig } from '../../../shared/config.gen.js';
import { checkDatasetDrill } from './checkDatasetDrill.js';

const problems = (rows: string[]) => {
  const ds = {
    dimensions: [
      { kind: 'column', id: 'channel_id', column: 'channel_id', type: 'integer', label: 'Channel' },
      { kind: 'mapped', id: 'city_zone_id', into: 'channel_id', label: 'Zone' },
    ],
    measures: [],
    drill: { rows },
  } as unknown as DatasetConfig;
  const out: string[] = [];
  checkDatasetDrill(ds, (p, m) => out.push(`${p} ${m}`));
  return out;
};

describe('checkDatasetDrill', () => {
  it('accepts column dimensions and names one that is not', () => {
    expect(problems(['channel_id'])).toEqual([]);
    expect(problems(['channel_id', 'city_zone_id'])).toEqual([
      '/drill/rows/1 unknown column dimension "city_zone_id"; allowed: channel_id',
    ]);
  });
});
