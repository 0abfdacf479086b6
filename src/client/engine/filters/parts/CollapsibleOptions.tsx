import { useState, type ReactNode } from 'react';
import { shouldCollapse } from './scrollAndLayout.js';
import { useViewportWidth } from './useViewportWidth.js';

/**
 * Checkbox and radio lists of 7+ options fold behind an ellipsis toggle at widths <= 1199 px
 * (docs/product-spec.md §4); chosen options stay visible so the state is never hidden.
 */
export function CollapsibleOptions({
  items,
  isChosen,
}: {
  items: { key: string; node: ReactNode }[];
  isChosen: (key: string) => boolean;
}) {
  const width = useViewportWidth();
  const [open, setOpen] = useState(false);
  const collapsed = shouldCollapse(width, items.length) && !open;
  const shown = collapsed ? items.filter((i) => isChosen(i.key)) : items;
  return (
    <div className="ss-options">
      {shown.map((i) => (
        <span key={i.key}>{i.node}</span>
      ))}
      {shouldCollapse(width, items.length) && (
        <button
          type="button"
          className="ss-ellipsis"
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Show all options' : 'Hide options'}
          onClick={() => setOpen((o) => !o)}
        >
          {collapsed ? '…' : '‹'}
        </button>
      )}
    </div>
  );
}
