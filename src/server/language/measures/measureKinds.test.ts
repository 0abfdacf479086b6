import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DatasetConfig, MeasureNode } from '../../../shared/config.gen.js';
import { checkDataset } from '../config/checkDataset.js';
import { ADDITIVE_KINDS, measureKind, measureKinds } from './measureKinds.js';

const schema = JSON.parse(readFileSync('schemas/dataset.schema.json', 'utf8')) as {
  definitions: Record<
    string,
    { oneOf?: { $ref: string }[]; properties?: { kind?: { const?: string; enum?: string[] } } }
  >;
};

/** Kind names the schema allows for a measure, read from the definitions its oneOf refers to. */
function schemaMeasureKinds(): string[] {
  return schema.definitions.measure!.oneOf!.flatMap(({ $ref }) => {
    const kind = schema.definitions[$ref.split('/').pop()!]!.properties!.kind!;
    return kind.enum ?? [kind.const!];
  });
}

const base = { label: 'x', description: 'x', format: 'integer' } as const;

describe('measure kind registry', () => {
  it('has exactly one entry per measure kind of the schema, each under its own name', () => {
    expect(Object.keys(measureKinds).sort()).toEqual(schemaMeasureKinds().sort());
    for (const [name, kind] of Object.entries(measureKinds)) expect(kind.kind).toBe(name);
  });

  it('names the additive kinds a share of total may sum, in registry order', () => {
    expect(ADDITIVE_KINDS).toEqual([
      'count',
      'countIf',
      'sum',
      'countDistinct',
      'countDistinctIf',
      'sumIf',
      'rankWeight',
    ]);
  });

  it('throws naming an unknown kind and its measure', () => {
    expect(() => measureKind({ ...base, kind: 'median', id: 'm' } as unknown as MeasureNode)).toThrow(
      'Unknown measure kind "median" (measure "m")',
    );
  });

  it("runs a kind's own check through the validator, at the measure's pointer", () => {
    const ds: DatasetConfig = {
      schemaVersion: 1,
      id: 'd',
      table: 't',
      dateColumn: 'day',
      dimensions: [],
      measures: [
        { ...base, kind: 'avg', id: 'a', column: 'c' },
        { ...base, kind: 'shareOfTotal', id: 's', of: 'a' },
      ],
    } as unknown as DatasetConfig;
    expect(checkDataset('d.json', 'd', ds)).toEqual([
      {
        file: 'd.json',
        pointer: '/measures/1/of',
        message:
          '"a" is not an additive measure (count, countIf, sum, countDistinct, countDistinctIf, sumIf, rankWeight) of the dataset',
      },
    ]);
  });
});
