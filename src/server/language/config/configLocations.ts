import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/** A config file's text, parsed with positions: what a problem's pointer is turned into line:column with. */
export interface ParsedConfigText {
  data: unknown;
  tree: Node | undefined;
  /** Offsets of each line's first character, for offset -> line:column. */
  lineStarts: number[];
}

type ParseResult = ParsedConfigText | { error: string; line: number; column: number };

/**
 * Strict JSON (no comments, no trailing commas: the files are JSON, not JSONC) with positions.
 * A syntax error reports the first problem's line and column (1-based), not a character offset.
 */
export function parseConfigText(text: string): ParseResult {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const lineStarts = lineStartsOf(text);
  if (errors.length > 0 || !tree) {
    const first = errors[0];
    const at = positionOf(lineStarts, first?.offset ?? 0);
    const what = first ? describe(first.error) : 'empty file';
    return { error: what, ...at };
  }
  return { data: JSON.parse(text) as unknown, tree, lineStarts };
}

/** Message words for jsonc-parser's codes: 'ValueExpected' -> 'value expected'. */
function describe(code: number): string {
  return printParseErrorCode(code)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function positionOf(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
}

/** RFC 6901 pointer -> path segments ('' is the whole document). */
function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Line and column of the node a pointer names; for a property that is not there (a missing
 * required one), its nearest written ancestor. A property's position is its key's.
 */
export function locatePointer(parsed: ParsedConfigText, pointer: string): { line: number; column: number } {
  if (!parsed.tree) return { line: 1, column: 1 };
  const segments = pointerSegments(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  for (let n = segments.length; n >= 0; n--) {
    const node = findNodeAtLocation(parsed.tree, segments.slice(0, n));
    if (!node) continue;
    const keyNode = node.parent?.type === 'property' ? node.parent : node;
    return positionOf(parsed.lineStarts, keyNode.offset);
  }
  return { line: 1, column: 1 };
}
