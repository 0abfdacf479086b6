import type { Envelope } from '../../../../shared/envelope.js';
import { http } from '../../../api/http.js';

/** A row of the upload history (server: upload_runs). */
export interface UploadRun {
  id: number;
  user_name: string;
  file_name: string;
  status: 'running' | 'loaded' | 'rejected' | 'refused' | 'failed';
  rows_ok: number;
  rows_failed: number;
  message: string;
  started_at: string;
  finished_at: string | null;
}

/** A loaded slice (e.g. one channel's month) with display names for its ids. */
export interface UploadSlice {
  slice: Record<string, string | number>;
  labels: Record<string, string>;
  rows: number;
  updated_at: string;
  run_id: number | null;
}

export interface UploadResult {
  runId: number;
  status: 'loaded' | 'rejected';
  rowsOk: number;
  rowsFailed: number;
  errors: { row: number; column: string; value: string; message: string }[];
}

/** Paths of one declared upload: uploads/{area}/{screen}/{upload}. */
export function uploadBase(area: string, screen: string, upload: string): string {
  return `uploads/${area}/${screen}/${upload}`;
}

export async function listRuns(base: string, offset = 0, limit = 20): Promise<UploadRun[]> {
  const res = await http.get<Envelope<UploadRun[]>>(`${base}/runs`, { params: { limit, offset } });
  return res.data.data ?? [];
}

export async function listSlices(base: string, offset: number, limit: number): Promise<UploadSlice[]> {
  const res = await http.get<Envelope<UploadSlice[]>>(`${base}/slices`, { params: { limit, offset } });
  return res.data.data ?? [];
}

/** A deleted slice, restorable with its `undo_id` until `expires_at`. */
export interface DeletedSlice {
  slice: UploadSlice['slice'];
  rows: number;
  undo_id: number;
  expires_at: string;
}

export async function deleteSlice(base: string, slice: UploadSlice['slice']): Promise<DeletedSlice> {
  const res = await http.delete<Envelope<DeletedSlice>>(`${base}/slices`, {
    params: { slice: JSON.stringify(slice) },
  });
  return res.data.data!;
}

export async function restoreSlice(base: string, undoId: number): Promise<string> {
  const res = await http.post<Envelope>(`${base}/slices/restore`, { undo_id: undoId });
  return res.data.msg;
}

/** Posts the file; a rejected file answers 400 with the same envelope, which is returned, not thrown. */
export async function postFile(base: string, file: File): Promise<Envelope<UploadResult>> {
  const body = new FormData();
  body.append('file', file);
  const res = await http.post<Envelope<UploadResult>>(base, body, { validateStatus: (s) => s < 500 });
  return res.data;
}

/** Fetches a file and hands it to the browser as a download. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const res = await http.get<Blob>(path, { responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
