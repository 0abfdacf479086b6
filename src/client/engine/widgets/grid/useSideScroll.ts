import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a grid's scroller hides columns to its right (or left): the grid shows a shadow and a
 * "more columns" cue on that edge, so no column is hidden without a sign.
 */
export function useSideScroll(
  scroller: RefObject<HTMLElement | null>,
  /** What the scroller shows (its rows): measured again when it changes. */
  content: unknown,
): { left: boolean; right: boolean } {
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      const left = el.scrollLeft > 1;
      setEdges((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [scroller, content]);
  return edges;
}
