import { useRef, useState } from 'react';
import { errorMessage } from '../../../api/http.js';
import { notify } from '../../../services/toast.js';
import { socketLive, watchUploads } from '../../../realtime/realtimeClient.js';
import { listRuns, postFile, type UploadResult } from './uploadApi.js';

/** The spec's text while a sheet goes up (§5 "Other text"). */
export const SHEET_UPLOADING = 'Sheet is uploading.';
const POLL_MS = 1000;

export interface UploadState {
  busy: boolean;
  /** Rows validated so far (pushed over the socket, or polled from the history when it is down). */
  progress: number | null;
  /** Every row is valid and the load into the warehouse runs. */
  loading: boolean;
  result: { ok: boolean; message: string; data?: UploadResult } | null;
}

/**
 * Sends a file and follows it: 'Sheet is uploading.', then the rows validated and the load as the
 * realtime socket pushes them (the history is polled instead only while the socket is down),
 * then the server's verdict. `onSettled` refreshes whatever lists the screen shows.
 */
export function useUploadFile(base: string, accept: readonly string[], onSettled: () => void) {
  const [state, setState] = useState<UploadState>({
    busy: false,
    progress: null,
    loading: false,
    result: null,
  });
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopPolling = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };

  const upload = async (file: File) => {
    const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
    if (!accept.includes(ext)) {
      notify.error('Invalid File');
      setState({
        busy: false,
        progress: null,
        loading: false,
        result: { ok: false, message: 'Invalid File' },
      });
      return;
    }
    notify.info(SHEET_UPLOADING);
    setState({ busy: true, progress: 0, loading: false, result: null });
    const key = base.replace(/^uploads\//, '');
    const unwatch = watchUploads((note) => {
      if (note.key !== key || (note.status !== 'validating' && note.status !== 'loading')) return;
      const loading = note.status === 'loading';
      setState((s) => (s.busy ? { ...s, progress: note.rowsValidated, loading } : s));
    });
    timer.current = setInterval(() => {
      if (socketLive()) return; // the socket pushes progress; poll only while it is down
      void listRuns(base, 0, 1).then(([run]) => {
        if (run?.status === 'running') setState((s) => (s.busy ? { ...s, progress: run.rows_ok } : s));
      });
    }, POLL_MS);
    try {
      const answer = await postFile(base, file);
      const ok = answer.statusCode === 1;
      if (ok) notify.success(answer.msg);
      else notify.error(answer.msg);
      setState({
        busy: false,
        progress: null,
        loading: false,
        result: { ok, message: answer.msg, data: answer.data },
      });
    } catch (error) {
      const message = errorMessage(error);
      notify.error(message);
      setState({ busy: false, progress: null, loading: false, result: { ok: false, message } });
    } finally {
      stopPolling();
      unwatch();
      onSettled();
    }
  };
  return { state, upload };
}
