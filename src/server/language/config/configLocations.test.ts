import { describe, expect, it } from 'vitest';
import { locatePointer, parseConfigText, type ParsedConfigText } from './configLocations.js';

const text = '{\n  "a": {\n    "b/c": [1, { "d": 2 }]\n  }\n}\n';
const parsed = parseConfigText(text) as ParsedConfigText;

describe('config text positions', () => {
  it('a pointer is the line:column of its key (or item), escaped tokens included', () => {
    expect(locatePointer(parsed, '')).toEqual({ line: 1, column: 1 });
    expect(locatePointer(parsed, '/a')).toEqual({ line: 2, column: 3 });
    expect(locatePointer(parsed, '/a/b~1c')).toEqual({ line: 3, column: 5 });
    expect(locatePointer(parsed, '/a/b~1c/1/d')).toEqual({ line: 3, column: 18 });
  });

  it('a pointer to something not written is its nearest written ancestor', () => {
    expect(locatePointer(parsed, '/a/missing/deeper')).toEqual({ line: 2, column: 3 });
  });

  it('syntax errors give line and column, and comments or trailing commas are errors', () => {
    expect(parseConfigText('{\n  "a": 1,\n}')).toMatchObject({ line: 3, column: 1 });
    expect(parseConfigText('{ "a": 1 } // no')).toMatchObject({ error: 'invalid comment token' });
    expect(parseConfigText('')).toMatchObject({ line: 1, column: 1 });
  });
});
