import { describe, expect, it } from 'vitest';
import { lineColumn, locateProblems, syntaxErrors } from './problemPositions.js';

const text = `{
  "kind": "screen",
  "filters": [
    { "kind": "radio", "field": "a/b" },
    { "kind": "multiSelect" }
  ],
  "layout": {}
}`;
const at = (pointer: string, file = 'a/x.screen.json') =>
  locateProblems([{ file: 'a/x.screen.json', pointer, message: 'm' }], file, text)[0]!;

describe('locateProblems', () => {
  it('puts a property problem at its key', () => {
    expect(at('/kind')).toMatchObject({ line: 2, column: 3, length: 6 });
    expect(at('/filters/1/kind')).toMatchObject({ line: 5, column: 7 });
  });

  it('walks array indexes and escaped tokens', () => {
    expect(at('/filters/0/field')).toMatchObject({ line: 4, column: 24 });
  });

  it('falls back to the nearest existing node for a missing property', () => {
    expect(at('/filters/1/field')).toMatchObject({ line: 5, column: 5, length: 1 });
    expect(at('/layout/rows')).toMatchObject({ line: 7, column: 3 });
    expect(at('')).toMatchObject({ line: 1, column: 1 });
  });

  it('leaves problems of other files without a position', () => {
    expect(
      locateProblems([{ file: 'b/area.json', pointer: '/tabs/0', message: 'm' }], 'a/x.screen.json', text)[0],
    ).toMatchObject({
      line: null,
      column: null,
    });
  });
});

describe('syntax errors and positions', () => {
  it('finds trailing commas and comments, which JSON.parse refuses', () => {
    expect(syntaxErrors('{"a": 1,}')[0]).toMatchObject({ offset: 8 });
    expect(syntaxErrors('{"a": 1 // c\n}')).toHaveLength(1);
    expect(syntaxErrors('{"a": [1, 2]}')).toEqual([]);
  });

  it('counts lines and columns from 1', () => {
    expect(lineColumn('ab\ncd\n', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd\n', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab\ncd\n', 6)).toEqual({ line: 3, column: 1 });
  });
});
