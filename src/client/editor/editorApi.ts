import { http } from '../api/http.js';
import type { Envelope } from '../../shared/envelope.js';
import type { ConfigFileEntry, SaveAnswer, ValidateAnswer } from '../../shared/configEditor.js';

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
};

/** Where a draft's preview calls go: the product's own routes, mounted on the draft. */
export const draftPrefix = (draftId: string) => `${BASE}/drafts/${encodeURIComponent(draftId)}/`;
