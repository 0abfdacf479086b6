import { proxy } from 'valtio';

/** docs/product-spec.md §9: top-right, 3000 ms, progress bar, close button, duplicates prevented, newest on top. */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  title?: string | undefined;
  message: string;
}

export const TOAST_MS = 3000;

export const toasts = proxy<{ items: Toast[] }>({ items: [] });
let nextId = 1;

export function dismissToast(id: number): void {
  toasts.items = toasts.items.filter((t) => t.id !== id);
}

/** Shows a toast unless the same one is already showing. */
export function toast(kind: ToastKind, message: string, title?: string): void {
  if (toasts.items.some((t) => t.kind === kind && t.message === message && t.title === title)) return;
  const id = nextId++;
  toasts.items = [{ id, kind, message, title }, ...toasts.items];
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export const notify = {
  success: (message: string, title?: string) => toast('success', message, title),
  error: (message: string, title?: string) => toast('error', message, title),
  info: (message: string, title?: string) => toast('info', message, title),
  warning: (message: string, title?: string) => toast('warning', message, title),
};
