import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfigSchemaValidator } from './configSchemaValidator.js';
import { checkScreen } from './checkScreen.js';
import { checkDataset } from './checkDataset.js';
import { indexDataset } from '../model/datasetIndex.js';
import { REPO_SCREENS_DIR } from './testing/screensFixture.js';
import type { DatasetConfig, ScreenConfig } from '../../../shared/config.gen.js';

const read = (file: string): unknown => JSON.parse(readFileSync(path.join(REPO_SCREENS_DIR, file), 'utf8'));
const validate = createConfigSchemaValidator();
const kpi = read('stock/kpi.screen.json');
const dataset = read('datasets/stock.dataset.json');

/** Replaces the value at a random path of a JSON tree with random JSON. */
function mutate(tree: unknown, steps: number[], replacement: unknown): unknown {
  if (steps.length === 0 || tree === null || typeof tree !== 'object') return replacement;
  const keys = Object.keys(tree);
  if (keys.length === 0) return replacement;
  const key = keys[steps[0]! % keys.length]!;
  const copy: Record<string, unknown> = Array.isArray(tree)
    ? ([...(tree as unknown[])] as unknown as Record<string, unknown>)
    : { ...(tree as Record<string, unknown>) };
  copy[key] = mutate((tree as Record<string, unknown>)[key], steps.slice(1), replacement);
  return copy;
}

const check = (kind: 'screen' | 'dataset', data: unknown) => {
  const problems = validate(kind, data);
  // Cross-checks run only on schema-valid files, as in buildConfigSnapshot.
  if (problems.length) return problems;
  const ds = indexDataset(dataset as DatasetConfig);
  return kind === 'screen'
    ? checkScreen('s.json', 'stock', 'kpi', data as ScreenConfig, new Map([['stock', ds]]))
    : checkDataset('d.json', 'stock', data as DatasetConfig);
};

describe('validator properties', () => {
  it('never throws on arbitrary JSON, and every problem has a pointer and a message', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'screen' | 'dataset' | 'area'>('screen', 'dataset', 'area'),
        fc.jsonValue(),
        (kind, data) => {
          for (const p of validate(kind, data)) {
            expect(typeof p.pointer).toBe('string');
            expect(p.message.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on random mutations of the real screen and dataset files', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'screen' | 'dataset'>('screen', 'dataset'),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        fc.oneof(
          fc.jsonValue(),
          fc.string(),
          fc.constantFrom('kpi', 'channel_id', 'availability_pct', 'stats', -1, [], {}),
        ),
        (kind, steps, replacement) => {
          const mutated = mutate(kind === 'screen' ? kpi : dataset, steps, replacement);
          expect(() => check(kind, mutated)).not.toThrow();
        },
      ),
      { numRuns: 500 },
    );
  });
});
