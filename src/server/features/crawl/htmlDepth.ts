const TAG = /<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g;
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * Deepest element nesting of an HTML text, found by a linear scan of its tags: parsers take
 * seconds on pages nested tens of thousands deep, so such a page is refused before parsing.
 */
export function htmlDepth(html: string, stopAt: number): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(TAG)) {
    const [, closing, name, selfClosing] = match;
    if (closing) depth = Math.max(0, depth - 1);
    else if (!selfClosing && !VOID.has(name!.toLowerCase())) {
      depth++;
      if (depth > deepest && (deepest = depth) > stopAt) return deepest;
    }
  }
  return deepest;
}
