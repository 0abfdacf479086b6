import type { CSSProperties } from 'react';
import type { GridColumnNode } from '../../../../shared/config.gen.js';
import { NUMERIC_FORMATS } from '../../../../shared/format/index.js';

/**
 * How a column sits in the grid: numbers right-aligned so digits line up, the leading image and
 * product columns sticky so a wide grid scrolled sideways still says which row is which, and a
 * minimum width per kind so no header or value is squeezed into unreadable wrapping.
 */
export interface ColumnLayout {
  align: 'left' | 'center' | 'right';
  /** Offset from the left edge when the column is sticky, else undefined. */
  stickyLeft?: number;
  /** Last sticky column: draws the edge the scrolled columns slide under. */
  stickyEdge?: boolean;
  /** Width the column asks for, in pixels. */
  width: number;
  /** Long text clamped to two lines with the full value on hover. */
  clamp: boolean;
}

const KIND_WIDTH: Record<string, number> = {
  image: 64,
  sparkline: 120,
  status: 120,
  date: 112,
  monthYear: 96,
  percent: 96,
  currency: 112,
  currencyShort: 104,
  short: 96,
  integer: 96,
  plain: 104,
  link: 160,
  text: 140,
};
/** The name column after an image is the one users read first: give it room for two lines of a name. */
const NAME_WIDTH = 240;

export function columnLayouts(columns: readonly GridColumnNode[]): ColumnLayout[] {
  const leadingImage = columns[0]?.kind === 'image';
  // Sticky: the image and the name beside it, or just the first column when there is no image.
  const stickyCount = leadingImage && columns.length > 2 ? 2 : columns.length > 1 ? 1 : 0;
  let left = 0;
  return columns.map((col, i) => {
    const named = leadingImage ? i === 1 : i === 0;
    const isText = col.kind === 'text' || col.kind === 'link';
    const width =
      col.width ??
      (col.kind === 'image' ? Math.max(KIND_WIDTH.image!, (col.size ?? 40) + 24) : undefined) ??
      (named && isText ? NAME_WIDTH : (KIND_WIDTH[col.kind] ?? 120));
    const layout: ColumnLayout = {
      align: col.align ?? (NUMERIC_FORMATS.has(col.kind) ? 'right' : 'left'),
      width,
      clamp: isText,
    };
    if (i < stickyCount) {
      layout.stickyLeft = left;
      layout.stickyEdge = i === stickyCount - 1;
      left += width;
    }
    return layout;
  });
}

/** Class and style of a header or body cell of a column laid out as above (none for extra columns). */
export function cellProps(
  layout: ColumnLayout | undefined,
  header: boolean,
): { className?: string; style?: CSSProperties } {
  if (!layout) return {};
  const classes = [`ss-align-${layout.align}`];
  // Numbers, dates and chips never wrap: '23-Nov-2026' on two lines reads as two values.
  if (!layout.clamp) classes.push('ss-nowrap');
  if (layout.stickyLeft !== undefined) classes.push('ss-sticky');
  if (layout.stickyEdge) classes.push('ss-sticky--edge');
  return {
    className: classes.join(' '),
    style: {
      // Headers carry the width so the table lays out columns by them; cells only need min-width.
      ...(header ? { width: layout.width } : {}),
      minWidth: layout.width,
      ...(layout.stickyLeft !== undefined ? { left: layout.stickyLeft } : {}),
    },
  };
}
