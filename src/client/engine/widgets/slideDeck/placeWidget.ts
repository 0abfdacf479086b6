import type { LayoutRow, Slide, SlideWidget } from '../../../../shared/config.gen.js';

/** Adds a widget `width` twelfths wide: on the last row while it fits, else on a new row. */
export function placeWidget(slide: Slide, widget: SlideWidget, width: number): Slide {
  const layout = [...slide.layout] as LayoutRow[];
  const last = layout.at(-1);
  const used = last
    ? (last.widths ?? last.widgets.map(() => 12 / last.widgets.length)).reduce((a, b) => a + b, 0)
    : 12;
  if (last && used + width <= 12) {
    layout[layout.length - 1] = {
      kind: 'row',
      widgets: [...last.widgets, widget.id],
      widths: [...(last.widths ?? last.widgets.map(() => 12 / last.widgets.length)), width],
    };
  } else {
    layout.push({ kind: 'row', widgets: [widget.id], widths: [width] });
  }
  return { ...slide, widgets: [...slide.widgets, widget], layout };
}

/** Takes a widget off a slide and out of its row (an emptied row goes). */
export function removeWidget(slide: Slide, id: string): Slide {
  const layout = (slide.layout as LayoutRow[]).flatMap((row) => {
    const keep = row.widgets.map((w, i) => [w, row.widths?.[i]] as const).filter(([w]) => w !== id);
    if (keep.length === 0) return [];
    const widths = keep.map(([, w]) => w).filter((w): w is number => w !== undefined);
    return [
      {
        kind: 'row' as const,
        widgets: keep.map(([w]) => w),
        ...(widths.length === keep.length && { widths }),
      },
    ];
  });
  return { ...slide, widgets: slide.widgets.filter((w) => w.id !== id), layout };
}

/** A fresh widget id on the slide: w1, w2, ... */
export function nextWidgetId(slide: Slide): string {
  let n = slide.widgets.length + 1;
  while (slide.widgets.some((w) => w.id === `w${n}`)) n += 1;
  return `w${n}`;
}
