import { proxy } from 'valtio';

type Row = Record<string, unknown>;

/** The one open overlay of the page and the row it edits (null row: a create). */
export const overlayState = proxy<{ open: { id: string; row: Row | null } | null }>({ open: null });

export function openOverlay(id: string, row: Row | null = null): void {
  overlayState.open = { id, row };
}

export function closeOverlay(): void {
  overlayState.open = null;
}
