import { useEffect } from 'react';
import type { DeletedSlice } from './uploadApi.js';
import { formatWhen, rowCount } from './uploadFormat.js';

export type Undoable = DeletedSlice & { name: string };

/** "Deleted Amazon, Oct 2026 (1,234 rows). Undo (until 02:45 PM)": gone when the undo's time ends. */
export function UndoBanner({
  item,
  onUndo,
  onExpire,
}: {
  item: Undoable;
  onUndo: (item: Undoable) => void;
  onExpire: () => void;
}) {
  useEffect(() => {
    const left = Date.parse(item.expires_at) - Date.now();
    const timer = setTimeout(onExpire, Math.max(0, Math.min(left, 2_147_000_000)));
    return () => clearTimeout(timer);
  }, [item, onExpire]);
  return (
    <div className="ss-banner ss-banner--ok ss-upload__undo" role="status">
      Deleted {item.name} ({rowCount(item.rows)}).{' '}
      <button type="button" className="ss-link-btn" onClick={() => onUndo(item)}>
        Undo
      </button>{' '}
      <span className="ss-upload__until">(until {formatWhen(item.expires_at, 'hh:mm A')})</span>
    </div>
  );
}
