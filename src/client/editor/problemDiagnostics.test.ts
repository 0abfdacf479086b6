import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { EditorProblem } from '../../shared/configEditor.js';
import { toDiagnostics } from './problemDiagnostics.js';

const doc = Text.of(['{', '  "pageSize": "ten",', '  "id": "kpi"', '}']);
const problem = (line: number | null, column: number | null, length: number): EditorProblem => ({
  file: 'stock/kpi.screen.json',
  pointer: '/pageSize',
  message: 'must be integer',
  line,
  column,
  length,
});

describe('toDiagnostics', () => {
  it('marks the problem at its line and column', () => {
    const [d] = toDiagnostics(doc, [problem(2, 3, 10)]);
    expect(doc.sliceString(d!.from, d!.to)).toBe('"pageSize"');
    expect(d).toMatchObject({ severity: 'error', message: 'must be integer', source: '/pageSize' });
  });

  it('clamps to the line and to the document', () => {
    const [long, past] = toDiagnostics(doc, [problem(3, 3, 500), problem(99, 1, 1)]);
    expect(doc.sliceString(long!.from, long!.to)).toBe('"id": "kpi"');
    expect(doc.lineAt(past!.from).number).toBe(4);
  });

  it('leaves problems of other files to the list under the editor', () => {
    expect(toDiagnostics(doc, [problem(null, null, 1)])).toEqual([]);
  });
});
