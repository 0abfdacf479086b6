import { findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { ConfigProblem } from '../../language/config/configRegistry.js';
import type { EditorProblem } from '../../../shared/configEditor.js';

type Segment = string | number;

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** RFC 6901 tokens; an all-digit token is an array index when its parent is an array. */
function segments(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The node a pointer names, or its nearest existing ancestor (a missing property is reported on
 * the object that lacks it). A property's value is shown at its key, so the underline stays short.
 */
function nodeAt(tree: Node, pointer: string): { offset: number; length: number } {
  const path: Segment[] = [];
  let node: Node = tree;
  for (const token of segments(pointer)) {
    const next = findNodeAtLocation(tree, [...path, node.type === 'array' ? Number(token) : token]);
    if (!next) break;
    path.push(node.type === 'array' ? Number(token) : token);
    node = next;
  }
  const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  const shown = key ?? node;
  const scalar = shown.type !== 'object' && shown.type !== 'array';
  return { offset: shown.offset, length: scalar ? Math.max(1, shown.length) : 1 };
}

/** JSON syntax errors of a draft (jsonc-parser, strict JSON: no comments, no trailing commas). */
export function syntaxErrors(text: string): ParseError[] {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors;
}

/** Locates each problem of `file` in its text; problems of other files keep line null. */
export function locateProblems(
  problems: readonly ConfigProblem[],
  file: string,
  text: string,
): EditorProblem[] {
  const tree = parseTree(text);
  return problems.map((p) => {
    if (p.file !== file || !tree) return { ...p, line: null, column: null, length: 1 };
    const at = nodeAt(tree, p.pointer);
    return { ...p, ...lineColumn(text, at.offset), length: at.length };
  });
}
