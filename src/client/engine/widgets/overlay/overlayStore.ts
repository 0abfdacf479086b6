import { proxy } from 'valtio';

type Row = Record<string, unknown>;

/**
 * The one open overlay of the page and the row it edits (null row: a create), and the last
 * successful save made in an overlay: grids reload on it and show its message (the overlay closes).
 */
export const overlayState = proxy<{
  open: { id: string; row: Row | null } | null;
  saved: { count: number; message: string };
}>({ open: null, saved: { count: 0, message: '' } });

export function overlaySaved(message: string): void {
  overlayState.saved = { count: overlayState.saved.count + 1, message };
}

export function openOverlay(id: string, row: Row | null = null): void {
  overlayState.open = { id, row };
}

export function closeOverlay(): void {
  overlayState.open = null;
}
