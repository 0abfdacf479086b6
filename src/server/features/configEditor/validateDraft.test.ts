import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDraft } from './validateDraft.js';

const KPI = 'stock/kpi.screen.json';
const kpi = () => readFileSync(`screens/${KPI}`, 'utf8');

describe('validateDraft', () => {
  it('accepts the file as it is and returns the whole config with the draft in place', () => {
    const titled = kpi().replace('"title": "KPI"', '"title": "Draft KPI"');
    const result = validateDraft('screens', KPI, titled);
    expect(result.problems).toEqual([]);
    expect(result.snapshot?.screens.get('stock/kpi')?.title).toBe('Draft KPI');
    expect(result.snapshot?.screens.size).toBeGreaterThan(10);
    expect(kpi()).toContain('"title": "KPI"');
  });

  it('reports the validator problems of the draft at their line', () => {
    const result = validateDraft('screens', KPI, kpi().replace('"dataset": "stock"', '"dataset": "stok"'));
    expect(result.snapshot).toBeNull();
    const line =
      kpi()
        .split('\n')
        .findIndex((l) => l.includes('"dataset"')) + 1;
    expect(result.problems).toContainEqual(
      expect.objectContaining({ file: KPI, pointer: '/dataset', line, column: 3 }),
    );
  });

  it('checks cross-file rules: a new screen file whose endpoint another screen already serves', () => {
    const result = validateDraft(
      'screens',
      'stock/copy.screen.json',
      kpi()
        .replace('"id": "kpi"', '"id": "copy"')
        .replace('"permission": "stock/kpi"', '"permission": "stock/copy"'),
    );
    expect(result.problems.some((p) => /endpoint/i.test(p.message))).toBe(true);
    expect(readdirSync('screens/stock')).not.toContain('copy.screen.json');
  });

  it('gives a syntax error the reader message with a line and column', () => {
    const result = validateDraft('screens', KPI, '{\n  "kind": "screen"\n  "id": "kpi"\n}');
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ file: KPI, pointer: '', line: 3, column: 3 });
    expect(result.problems[0]!.message).toMatch(/^invalid JSON: /);
  });
});
