import { http } from '../api/http.js';
import type { Envelope } from '../../shared/envelope.js';
import type {
  ConfigDiff,
  ConfigFileEntry,
  ConfigVersionList,
  SaveAnswer,
  ValidateAnswer,
} from '../../shared/configEditor.js';
import type { GroupOverlay, OverlayAnswer, OverlayPreviewAnswer } from '../../shared/groupOverlay.js';

const BASE = 'config/editor';

async function data<T>(call: Promise<{ data: Envelope<T> }>): Promise<T> {
  const { data: envelope } = await call;
  return envelope.data as T;
}

/** The screen editor's calls (admin only; the server answers 403 to anyone else). */
export const editorApi = {
  files: () => data<{ files: ConfigFileEntry[] }>(http.get(`${BASE}/files`)).then((d) => d.files),
  read: (path: string) =>
    data<{ text: string }>(http.get(`${BASE}/file`, { params: { path } })).then((d) => d.text),
  schema: (kind: ConfigFileEntry['kind']) => data<object>(http.get(`${BASE}/schema`, { params: { kind } })),
  validate: (path: string, text: string) =>
    data<ValidateAnswer>(http.post(`${BASE}/validate`, { path, text })),
  save: (path: string, text: string) => data<SaveAnswer>(http.put(`${BASE}/file`, { path, text })),
  history: (path: string): VersionHistory => ({
    versions: () => data<ConfigVersionList>(http.get(`${BASE}/versions`, { params: { path } })),
    diff: (from, to) => data<ConfigDiff>(http.get(`${BASE}/diff`, { params: { path, from, to } })),
    restore: (versionId) => data<SaveAnswer>(http.post(`${BASE}/restore`, { path, versionId })),
    drop: () => data<SaveAnswer>(http.post(`${BASE}/drop`, { path })),
  }),
};

/** A file's stored versions: the editor's files and a group's overlay alike. */
export interface VersionHistory {
  versions(): Promise<ConfigVersionList>;
  /** `from`/`to`: a version id, 'git' or 'current'. */
  diff(from: string, to: string): Promise<ConfigDiff>;
  restore(versionId: number): Promise<SaveAnswer>;
  /** Drops the stored save: the file in git serves again (the global config's files only). */
  drop?(): Promise<SaveAnswer>;
}

const OVERLAY = 'config/overlay';

/** The group overlay's calls (the group's admin only; docs/config-storage.md). */
export const overlayApi = {
  read: () => data<OverlayAnswer>(http.get(OVERLAY)),
  save: (overlay: GroupOverlay) => data<SaveAnswer>(http.put(OVERLAY, { overlay })),
  /** Checks a draft without saving it; a valid one is served under overlayDraftPrefix to its author. */
  preview: (overlay: GroupOverlay) =>
    data<OverlayPreviewAnswer>(http.post(`${OVERLAY}/preview`, { overlay })),
  history: (): VersionHistory => ({
    versions: () => data<ConfigVersionList>(http.get(`${OVERLAY}/versions`)),
    diff: (from, to) => data<ConfigDiff>(http.get(`${OVERLAY}/diff`, { params: { from, to } })),
    restore: (versionId) => data<SaveAnswer>(http.post(`${OVERLAY}/restore`, { versionId })),
  }),
};

/** Where a draft's preview calls go: the product's own routes, mounted on the draft. */
export const draftPrefix = (draftId: string) => `${BASE}/drafts/${encodeURIComponent(draftId)}/`;

/** Where a draft overlay's preview calls go: the product's own routes, serving the draft's menu and screens. */
export const overlayDraftPrefix = (draftId: string) => `${OVERLAY}/drafts/${encodeURIComponent(draftId)}/`;
