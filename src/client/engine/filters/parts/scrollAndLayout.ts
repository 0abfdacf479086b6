/** docs/product-spec.md §5: scroll-to-load triggers within 2 px of the bottom. */
export const SCROLL_LOAD_THRESHOLD_PX = 2;
/** docs/product-spec.md §9: filter dropdowns load 10 more per scroll; search debounce 200 ms. */
export const OPTIONS_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 200;
/** docs/product-spec.md §4: at 1199 px or less, checkbox/radio filters with 7+ options collapse. */
export const COLLAPSE_MAX_WIDTH = 1199;
export const COLLAPSE_MIN_OPTIONS = 7;

export function isNearBottom(el: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_LOAD_THRESHOLD_PX;
}

export function shouldCollapse(viewportWidth: number, optionCount: number): boolean {
  return viewportWidth <= COLLAPSE_MAX_WIDTH && optionCount >= COLLAPSE_MIN_OPTIONS;
}
