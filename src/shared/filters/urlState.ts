import { dropEmptyKeys, isMap, NON_FILTER_FIELDS, type FilterState } from './filterState.js';

/** Bookkeeping that makes links long and is rebuilt on load; paging is not shared either. */
const NOT_IN_URL = new Set(['offset', 'limit', 'checkbox_filters', 'alwaysSelected_filters']);
const DATE_FIELDS = new Set<string>(
  NON_FILTER_FIELDS.filter((f) => f.endsWith('date') || f.startsWith('date')),
);

/**
 * Filter state as a URL query so a copied link reopens the view. Lists are comma-separated
 * (as in data calls); maps (names for tags, linked ids) travel as JSON so the tags read right and
 * removing a linked tag still takes its ids with it on the other side.
 */
export function filtersToSearch(state: FilterState): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(dropEmptyKeys(state))) {
    if (NOT_IN_URL.has(key)) continue;
    if (isMap(value)) params.set(key, JSON.stringify(value));
    else if (Array.isArray(value)) params.set(key, `[${value.map((v) => String(v)).join(',')}]`);
    else params.set(key, String(value));
  }
  return params.toString();
}

function parseScalar(raw: string, key: string): unknown {
  if (DATE_FIELDS.has(key) || key === 'datepicker_title' || key === 'order_by') return raw;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
}

/** Read a URL query back; returns null when it holds no filter state at all. */
export function searchToFilters(search: string): Partial<FilterState> | null {
  const params = new URLSearchParams(search);
  const out: Record<string, unknown> = {};
  for (const [key, raw] of params) {
    if (NOT_IN_URL.has(key)) continue;
    if (raw.startsWith('{')) {
      try {
        out[key] = JSON.parse(raw) as unknown;
      } catch {
        /* a mangled link keeps the rest of its state */
      }
    } else if (raw.startsWith('[') && raw.endsWith(']')) {
      const inner = raw.slice(1, -1);
      out[key] = inner ? inner.split(',').map((v) => parseScalar(v, '')) : [];
    } else out[key] = parseScalar(raw, key);
  }
  return Object.keys(out).length ? dropEmptyKeys(out) : null;
}

/**
 * The state a screen opens with: URL first, then storage, then defaults. Paging always starts at
 * the first page of the default size.
 */
export function resolveInitialFilters(
  fromUrl: Partial<FilterState> | null,
  stored: FilterState | null,
  defaults: FilterState,
): FilterState {
  const base = fromUrl ? { ...defaults, ...fromUrl } : stored ? { ...defaults, ...stored } : defaults;
  return { ...base, offset: 0, limit: defaults.limit };
}
