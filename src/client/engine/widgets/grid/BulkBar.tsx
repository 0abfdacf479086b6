import { useState } from 'react';
import type { BulkAction, GridWidget } from '../../../../shared/config.gen.js';
import { errorMessage } from '../../../api/http.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { bulkConfirmText, bulkPayload, maxSelected, type Selection } from './rowSelection.js';
import { BulkChoice, type Choice } from './BulkChoice.js';

/** The bulk route of a grid's action (docs/write-half.md "Bulk actions"). */
export function bulkEndpoint(area: string, screen: string, grid: string, action: string): string {
  return `bulk/${area}/${screen}/${grid}/${action}`;
}

/**
 * The bar over a grid with tick boxes: how many rows are ticked (of the most allowed), a button
 * per bulk action (disabled while none is ticked) and Clear. A button runs its action on every
 * ticked row in one call, after its confirmation if set; an action with `choose` first takes a
 * value picked beside it (the role every ticked user gets).
 */
export function BulkBar({
  grid,
  selection,
  onClear,
  onDone,
}: {
  grid: GridWidget;
  selection: Selection;
  onClear: () => void;
  onDone: (ok: boolean, message: string) => void;
}) {
  const { source, screen } = useEngine();
  const [busy, setBusy] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Record<string, Choice | undefined>>({});
  const count = selection.size;
  const run = async (action: BulkAction) => {
    const choice = chosen[action.id];
    const question = bulkConfirmText(action, count, choice?.name);
    if (question && !window.confirm(question)) return;
    const failure = action.failureMessage ?? 'Something went wrong. Try again.';
    setBusy(action.id);
    try {
      const res = await source.submit(
        action.endpoint ?? bulkEndpoint(screen.area, screen.id, grid.id, action.id),
        'POST',
        {
          ...bulkPayload(action, selection),
          ...(action.endpoint ? action.set : {}),
          ...(action.choose && choice ? { [action.choose.field]: choice.id } : {}),
        },
      );
      if (res.statusCode === 1) onDone(true, action.successMessage ?? res.msg);
      else onDone(false, res.msg || failure);
    } catch (err) {
      onDone(false, errorMessage(err, failure));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="ss-bulk-bar" role="toolbar" aria-label="Actions on ticked rows">
      <span className="ss-muted" aria-live="polite">
        {count} selected (max {maxSelected(grid)})
      </span>
      {(grid.bulkActions ?? []).map((a) => (
        <span key={a.id} className="ss-bulk-bar__action">
          {a.choose && (
            <BulkChoice
              choose={a.choose}
              value={chosen[a.id]}
              disabled={busy !== null}
              onChange={(c) => setChosen((prev) => ({ ...prev, [a.id]: c }))}
            />
          )}
          <button
            type="button"
            className="ss-btn"
            disabled={count === 0 || busy !== null || (a.choose !== undefined && !chosen[a.id])}
            onClick={() => void run(a)}
          >
            {busy === a.id ? '…' : a.label}
          </button>
        </span>
      ))}
      <button type="button" className="ss-link-btn" disabled={count === 0 || busy !== null} onClick={onClear}>
        Clear
      </button>
    </div>
  );
}
