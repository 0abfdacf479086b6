import { useRef, useState } from 'react';
import { errorMessage } from '../../../api/http.js';
import { notify } from '../../../shell/toast.js';
import { listRuns, postFile, type UploadResult } from './uploadApi.js';

/** The spec's text while a sheet goes up (§5 "Other text"). */
export const SHEET_UPLOADING = 'Sheet is uploading.';
const POLL_MS = 1000;

export interface UploadState {
  busy: boolean;
  /** Rows validated so far (from the history while the upload runs). */
  progress: number | null;
  result: { ok: boolean; message: string; data?: UploadResult } | null;
}

/**
 * Sends a file and follows it: 'Sheet is uploading.', then the rows validated so far by polling
 * the upload's history (socket progress replaces the polling when the jobs issue lands), then
 * the server's verdict. `onSettled` refreshes whatever lists the screen shows.
 */
export function useUploadFile(base: string, accept: readonly string[], onSettled: () => void) {
  const [state, setState] = useState<UploadState>({ busy: false, progress: null, result: null });
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopPolling = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };

  const upload = async (file: File) => {
    const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
    if (!accept.includes(ext)) {
      notify.error('Invalid File');
      setState({ busy: false, progress: null, result: { ok: false, message: 'Invalid File' } });
      return;
    }
    notify.info(SHEET_UPLOADING);
    setState({ busy: true, progress: 0, result: null });
    timer.current = setInterval(() => {
      void listRuns(base, 0, 1).then(([run]) => {
        if (run?.status === 'running') setState((s) => (s.busy ? { ...s, progress: run.rows_ok } : s));
      });
    }, POLL_MS);
    try {
      const answer = await postFile(base, file);
      const ok = answer.statusCode === 1;
      if (ok) notify.success(answer.msg);
      else notify.error(answer.msg);
      setState({ busy: false, progress: null, result: { ok, message: answer.msg, data: answer.data } });
    } catch (error) {
      const message = errorMessage(error);
      notify.error(message);
      setState({ busy: false, progress: null, result: { ok: false, message } });
    } finally {
      stopPolling();
      onSettled();
    }
  };
  return { state, upload };
}
