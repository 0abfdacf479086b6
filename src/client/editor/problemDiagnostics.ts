import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { EditorProblem } from '../../shared/configEditor.js';

/**
 * The validator's problems of this file as CodeMirror diagnostics at their line:column, clamped
 * to the line (a problem never spills onto the next one). Problems of other files (line null)
 * are listed under the editor only.
 */
export function toDiagnostics(doc: Text, problems: readonly EditorProblem[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const p of problems) {
    if (p.line === null) continue;
    const line = doc.line(Math.min(Math.max(1, p.line), doc.lines));
    const from = Math.min(line.from + (p.column ?? 1) - 1, line.to);
    const to = Math.min(from + p.length, line.to);
    diagnostics.push({ from, to, severity: 'error', source: p.pointer || '/', message: p.message });
  }
  return diagnostics;
}
