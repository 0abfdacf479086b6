/** What the screen editor's endpoints and page exchange. */

/** One config file under SCREENS_DIR, as the editor lists it. */
export interface ConfigFileEntry {
  /** Path relative to the screens folder, e.g. 'stock/kpi.screen.json'. */
  path: string;
  kind: 'area' | 'screen' | 'dataset' | 'shared';
  /** Area folder of an area or screen file; null for datasets and shared definitions. */
  area: string | null;
  id: string;
  /** A save held in the store serves over the file in git ('served'), or did until git changed ('superseded'). */
  stored?: 'served' | 'superseded';
}

/** A validator problem; line and column (1-based) locate it in the draft when it is in that file. */
export interface EditorProblem {
  file: string;
  pointer: string;
  message: string;
  line: number | null;
  column: number | null;
  /** Characters to underline from line:column (at least 1). */
  length: number;
}

export interface ValidateAnswer {
  valid: boolean;
  problems: EditorProblem[];
  /** Id of the validated draft the preview endpoints answer from (valid drafts only). */
  draftId: string | null;
  /** The screen the preview shows for this file (its own screen, a screen on its dataset, its area's first tab). */
  preview: { area: string; screen: string } | null;
}

export interface SaveAnswer {
  path: string;
  /** False when the text equals what serves: nothing stored, nothing audited. */
  changed: boolean;
  /** True once the running config serves the saved file. */
  reloaded: boolean;
}

/** `file#/pointer (line:column): message`, the screens:check line plus where the editor shows it. */
export function problemLine(p: EditorProblem): string {
  const at = p.line === null ? '' : ` (${p.line}:${p.column ?? 1})`;
  return `${p.file}#${p.pointer}${at}: ${p.message}`;
}

/** One stored version of a config file or group overlay. */
export interface ConfigVersion {
  id: number;
  /** The user name of who saved it (null when that user is gone). */
  author: string | null;
  createdAt: string;
  /** Bytes. */
  size: number;
  /** The version a restore copied; null for an edit. */
  restoredFrom: number | null;
  /** A drop: from it on, the file in git serves again (its text is that file's, or empty). */
  dropped: boolean;
}

export interface ConfigVersionList {
  path: string;
  /** 'store': the newest stored version serves; 'git': the file in git does (none stored, or git changed since). */
  serving: 'store' | 'git';
  /** Bytes of the file in git; null when there is none (a file made in the editor, an overlay). */
  gitSize: number | null;
  /** Newest first. */
  versions: ConfigVersion[];
}

export interface ConfigDiff {
  path: string;
  from: string;
  to: string;
  /** Unified diff, from -> to. */
  diff: string;
}
