import type { ConfigProblem } from './configRegistry.js';
import { buildConfigSnapshot } from './buildConfigSnapshot.js';

/**
 * Problems the config would have if one file read `text` (an editor's unsaved draft), with the
 * other files as on disk: the same pipeline and messages as `npm run screens:check`. Problems of
 * every file are returned, since a draft can break another (a removed shared definition, a
 * duplicate endpoint); each names its file, pointer, line and column.
 */
export function validateConfigDraft(dir: string, relativePath: string, text: string): ConfigProblem[] {
  return buildConfigSnapshot(dir, 0, { drafts: new Map([[relativePath, text]]) }).problems;
}
