import type { BulkAction, GridWidget } from '../../../../shared/config.gen.js';

type Row = Record<string, unknown>;

/** A grid's default cap on ticked rows (the server's, docs/write-half.md "Bulk actions"). */
const DEFAULT_MAX = 100;

/** Ticked rows by row key, in the order they were ticked. */
export type Selection = ReadonlyMap<string, Row>;

/** The outcome of a tick: the new selection, or the grid's cap message when it would pass it. */
export type SelectionChange = { selection: Selection; refused?: undefined } | { refused: string };

export function maxSelected(grid: Pick<GridWidget, 'maxSelected'>): number {
  return grid.maxSelected ?? DEFAULT_MAX;
}

export function capMessage(grid: Pick<GridWidget, 'maxSelected' | 'maxSelectedMessage'>): string {
  return grid.maxSelectedMessage ?? `You can select a maximum of ${maxSelected(grid)} rows at a time.`;
}

/** Ticks or unticks one row; a tick past the cap is refused with the grid's message. */
export function toggleRow(
  grid: Pick<GridWidget, 'maxSelected' | 'maxSelectedMessage'>,
  selection: Selection,
  key: string,
  row: Row,
): SelectionChange {
  const next = new Map(selection);
  if (next.has(key)) {
    next.delete(key);
    return { selection: next };
  }
  if (next.size >= maxSelected(grid)) return { refused: capMessage(grid) };
  next.set(key, row);
  return { selection: next };
}

/** The header box: ticks every shown row (refused when that passes the cap), or clears. */
export function toggleAll(
  grid: Pick<GridWidget, 'maxSelected' | 'maxSelectedMessage'>,
  selection: Selection,
  rows: readonly { key: string; row: Row }[],
): SelectionChange {
  const allTicked = rows.length > 0 && rows.every((r) => selection.has(r.key));
  if (allTicked) return { selection: new Map() };
  const next = new Map(selection);
  for (const r of rows) next.set(r.key, r.row);
  if (next.size > maxSelected(grid)) return { refused: capMessage(grid) };
  return { selection: next };
}

/** The bulk route's body: each ticked row's id (from idField) and the write token it was read with. */
export function bulkPayload(
  action: BulkAction,
  selection: Selection,
): { rows: { id: number; updated_at: string }[] } {
  return {
    rows: [...selection.values()].map((row) => ({
      id: Number(row[action.idField ?? 'id']),
      updated_at: typeof row.updated_at === 'string' ? row.updated_at : '',
    })),
  };
}

/** The confirmation text with {count} (and {choice}, the picked value's name) replaced, under its title when set; null: no question. */
export function bulkConfirmText(action: BulkAction, count: number, choice?: string): string | null {
  if (!action.confirm) return null;
  const text = action.confirm.replace(/\{count\}/g, String(count)).replace(/\{choice\}/g, choice ?? '');
  return action.confirmTitle ? `${action.confirmTitle}\n\n${text}` : text;
}
