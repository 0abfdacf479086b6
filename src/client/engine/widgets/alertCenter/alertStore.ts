import { proxy } from 'valtio';
import { http } from '../../../api/http.js';

export interface AlertItem {
  id: number;
  kind: string;
  title: string;
  message: string;
  observedOn: string;
  read: boolean;
}

/** The bell's unread count, shared by the header and the Alerts screen (marking read updates both). */
export const alertState = proxy({ unread: 0 });

export async function refreshUnread(): Promise<void> {
  const res = await http.get<{ data: { unread: number } }>('alerts/unread');
  alertState.unread = res.data.data.unread;
}

export async function fetchAlerts(limit: number, offset = 0): Promise<AlertItem[]> {
  const res = await http.get<{ data: AlertItem[] }>('alerts', { params: { limit, offset } });
  return res.data.data;
}

/** Marks some (or, without ids, all) of the group's alerts read for this user. */
export async function markRead(ids?: number[]): Promise<void> {
  const res = await http.post<{ data: { unread: number } }>('alerts/read', ids ? { ids } : {});
  alertState.unread = res.data.data.unread;
}
