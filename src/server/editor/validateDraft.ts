import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfigSnapshot } from '../config/configRegistry.js';
import { buildConfigSnapshot } from '../config/buildConfigSnapshot.js';
import type { EditorProblem } from '../../shared/configEditor.js';
import { lineColumn, locateProblems, syntaxErrors } from './problemPositions.js';

export interface DraftResult {
  problems: EditorProblem[];
  /** The whole config with the draft in place, when it has no problem at all. */
  snapshot: ConfigSnapshot | null;
}

/**
 * The one adapter between the editor and the validator: the draft is checked by exactly what
 * `npm run screens:check` and hot reload run (buildConfigSnapshot over a folder), on a private
 * copy of the screens folder with the draft written in, so cross-file rules (tabs, endpoints,
 * datasets) see it as a saved file. The live folder is never touched. When the config reader
 * gains validateConfigDraft(relativePath, text), this function is where to switch to it.
 */
export function validateDraft(screensDir: string, relativePath: string, text: string): DraftResult {
  const syntax = syntaxErrors(text);
  if (syntax.length > 0)
    return {
      problems: [jsonProblem(relativePath, text, syntax[0]!.offset, syntax[0]!.length)],
      snapshot: null,
    };
  const copy = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-draft-'));
  try {
    overlay(path.resolve(screensDir), copy, relativePath);
    writeFileSync(path.join(copy, relativePath), text);
    const result = buildConfigSnapshot(copy, 0);
    return { problems: locateProblems(result.problems, relativePath, text), snapshot: result.snapshot };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Mirrors the screens folder into `copy` by links (copying ~80 files took ~300 ms here, links
 * ~10 ms): every folder is linked except the draft's, which is rebuilt with links to its files
 * minus the draft itself. Where links are not allowed (Windows without developer mode) it copies.
 */
function overlay(source: string, copy: string, relativePath: string): void {
  const [draftFolder = '', draftName = ''] = relativePath.split('/');
  mkdirSync(path.join(copy, draftFolder), { recursive: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === draftFolder) continue;
    link(path.join(source, entry.name), path.join(copy, entry.name), 'junction');
  }
  const folder = path.join(source, draftFolder);
  for (const entry of existsSync(folder) ? readdirSync(folder, { withFileTypes: true }) : []) {
    if (entry.name === draftName) continue;
    link(path.join(source, draftFolder, entry.name), path.join(copy, draftFolder, entry.name), 'file');
  }
}

function link(from: string, to: string, type: 'junction' | 'file'): void {
  try {
    symlinkSync(from, to, type);
  } catch {
    cpSync(from, to, { recursive: true });
  }
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
