import { createHash } from 'node:crypto';
import type { ScreenConfig } from '../../../shared/config.gen.js';
import { pageSizeOf } from '../../../shared/pageSize.js';
import type { ConfigSnapshot } from './configRegistry.js';

/**
 * One hash per area, screen and dataset of a resolved config, plus one of the endpoint table:
 * what the server answers from (queries, filters, datasets, page sizes). Two configs with equal
 * fingerprints compile the same SQL for every endpoint and request, so they answer the same rows;
 * how the files are written (shared definitions, derived fields, language version) does not count.
 */
export function resolvedFingerprint(snapshot: ConfigSnapshot): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, area] of snapshot.areas) out[`area ${id}`] = hash(area);
  for (const [key, screen] of snapshot.screens) out[`screen ${key}`] = hash(normaliseScreen(screen));
  for (const [id, dataset] of snapshot.datasets) out[`dataset ${id}`] = hash(dataset);
  out.endpoints = hash([...snapshot.endpoints].sort(([a], [b]) => a.localeCompare(b)));
  return out;
}

/**
 * Page sizes as the one rule resolves them, so moving a default of 10 out of a file is no change;
 * filters without the rules they declare for the client (linked ids, cleared siblings, suggestion
 * defaults), which moved from engine code into config and shape requests, not answers.
 */
function normaliseScreen(screen: ScreenConfig): unknown {
  const { pageSize: _pageSize, ...rest } = screen;
  return {
    ...rest,
    filters: screen.filters?.map((f) => ({
      ...f,
      linked: undefined,
      clears: undefined,
      suggestionDefaults: undefined,
    })),
    widgets: screen.widgets.map((w) => (w.kind === 'grid' ? { ...w, pageSize: undefined } : w)),
    pageSizes: (screen.queries ?? []).map((q) => [q.id, pageSizeOf(screen, q.id)]),
    firstGridPageSize: pageSizeOf(screen),
  };
}

function hash(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex').slice(0, 16);
}

/** JSON with sorted keys, without the file's bookkeeping ($schema, schemaVersion) and undefined values. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([k, v]) => v !== undefined && k !== '$schema' && k !== 'schemaVersion')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
