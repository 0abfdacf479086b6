import type { GroupOverlay } from '../../shared/groupOverlay.js';

type Node = Record<string, unknown>;

/**
 * The overlay with one value set at `path`; an empty text, false or undefined removes it, and
 * objects left empty go too, so what is stored holds only what the group changed.
 */
export function setOverlayValue(
  overlay: GroupOverlay,
  path: readonly string[],
  value: unknown,
): GroupOverlay {
  return setIn(overlay as Node, path, value) ?? {};
}

function setIn(node: Node | undefined, path: readonly string[], value: unknown): Node | undefined {
  const [key, ...rest] = path;
  if (key === undefined) return node;
  const next: Node = { ...(node ?? {}) };
  const child = rest.length === 0 ? value : setIn(next[key] as Node | undefined, rest, value);
  if (child === undefined || child === '' || child === false) delete next[key];
  else next[key] = child;
  return Object.keys(next).length === 0 ? undefined : next;
}

/** The value at `path`, or undefined. */
export function overlayValue(overlay: GroupOverlay, path: readonly string[]): unknown {
  let node: unknown = overlay;
  for (const key of path) node = node && typeof node === 'object' ? (node as Node)[key] : undefined;
  return node;
}
