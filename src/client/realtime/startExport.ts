import { errorMessage, http, serializeParams } from '../api/http.js';
import { numberStylePref } from '../engine/runtime/numberStylePref.js';
import { notify } from '../services/toast.js';
import { awaitExport, ensureRegistered } from './realtimeClient.js';

/**
 * Starts a screen's export as a job: the socket is registered first (so no notification can be
 * missed), then the job is queued and the spec's 'Hold On!' toast says the file is coming. The
 * user's number style goes with it, so the workbook groups digits as the screen does.
 */
export async function startExport(
  endpoint: string,
  params: Record<string, unknown>,
  format: 'xlsx' | 'csv' = 'xlsx',
): Promise<void> {
  try {
    await ensureRegistered();
  } catch {
    return; // the socket layer has shown 'Unable to connect...'
  }
  // The grid's query as the sync download sends it: lists comma-joined, empties dropped.
  const text = Object.fromEntries(new URLSearchParams(serializeParams(params)));
  try {
    const res = await http.post<{ statusCode: number; msg: string; data: { id: number } }>('exports', {
      endpoint,
      params: text,
      format,
      // The workbook groups digits as the screen does (the user menu's number style).
      numberStyle: numberStylePref.style,
    });
    awaitExport(res.data.data.id, endpoint);
    notify.info(res.data.msg, 'Hold On!');
  } catch (error) {
    notify.error(errorMessage(error));
  }
}
