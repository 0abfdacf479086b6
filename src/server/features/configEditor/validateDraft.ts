import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import { buildConfigSnapshot } from '../../language/config/buildConfigSnapshot.js';
import type { EditorProblem } from '../../../shared/configEditor.js';
import { lineColumn, locateProblems, syntaxErrors } from './problemPositions.js';

export interface DraftResult {
  problems: EditorProblem[];
  /** The whole config with the draft in place, when it has no problem at all. */
  snapshot: ConfigSnapshot | null;
}

/**
 * The one adapter between the editor and the validator: the draft is checked by exactly what
 * `npm run screens:check` and hot reload run (buildConfigSnapshot), with the draft's text read in
 * place of the file on disk (and the stored saves in place of theirs), so cross-file rules (tabs, endpoints, datasets, shared definitions)
 * see it as a saved file. The live folder is never touched.
 */
export function validateDraft(
  screensDir: string,
  relativePath: string,
  text: string,
  /** The stored saves served over the files (docs/config-storage.md): the draft is checked among them. */
  stored: ReadonlyMap<string, string> = new Map(),
): DraftResult {
  const syntax = syntaxErrors(text);
  if (syntax.length > 0)
    return {
      problems: [jsonProblem(relativePath, text, syntax[0]!.offset, syntax[0]!.length)],
      snapshot: null,
    };
  const drafts = new Map([...stored, [relativePath, text]]);
  const result = buildConfigSnapshot(screensDir, 0, { drafts });
  return { problems: locateProblems(result.problems, relativePath, text), snapshot: result.snapshot };
}

/** The reader's own message for unparseable JSON, placed where the parser stopped. */
function jsonProblem(file: string, text: string, offset: number, length: number): EditorProblem {
  let message = 'invalid JSON';
  try {
    JSON.parse(text);
  } catch (error) {
    message = `invalid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  return { file, pointer: '', message, ...lineColumn(text, offset), length: Math.max(1, length) };
}
