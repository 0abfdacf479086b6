import { describe, expect, it } from 'vitest';
import { problemLine, type EditorProblem } from './configEditor.js';

const problem: EditorProblem = {
  file: 'stock/kpi.screen.json',
  pointer: '/filters/1/use',
  message: 'unknown shared filter "x"',
  line: 12,
  column: 8,
  length: 3,
};

describe('editor problem lines', () => {
  it('file#pointer (line:column): message', () => {
    expect(problemLine(problem)).toBe(
      'stock/kpi.screen.json#/filters/1/use (12:8): unknown shared filter "x"',
    );
  });

  it('column 1 when only the line is known; no place when the line is not', () => {
    expect(problemLine({ ...problem, column: null })).toBe(
      'stock/kpi.screen.json#/filters/1/use (12:1): unknown shared filter "x"',
    );
    expect(problemLine({ ...problem, line: null, column: null })).toBe(
      'stock/kpi.screen.json#/filters/1/use: unknown shared filter "x"',
    );
  });
});
