/**
 * Completion of a screen's measure and dimension ids in the editor: the schema bundle's id slots
 * (a tile's measure, a query's measures and groupBy, a column's field, a sort field) get the
 * screen's dataset ids as `examples`, which the JSON-schema completion offers as values. Examples,
 * not an enum: they suggest without judging; the server's checker still says what is wrong.
 */
export interface DatasetIds {
  measures: string[];
  dimensions: string[];
}

type Node = Record<string, unknown>;

/** The `dataset` a screen file names, or null (no dataset, or text that is not JSON yet). */
export function screenDatasetOf(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { dataset?: unknown };
    return typeof parsed.dataset === 'string' ? parsed.dataset : null;
  } catch {
    return null;
  }
}

type Declared = { id?: unknown; use?: unknown };

/**
 * Measure and dimension ids of a dataset file's text. A node written as `{ "use": name }` takes
 * its shared definition's id, which is its name there (screens/shared): no second read for it.
 */
export function datasetIdsOf(text: string): DatasetIds {
  const parsed = JSON.parse(text) as { measures?: Declared[]; dimensions?: Declared[] };
  const ids = (list: Declared[] | undefined) =>
    (list ?? []).map((n) => n.id ?? n.use).filter((id): id is string => typeof id === 'string');
  return { measures: ids(parsed.measures), dimensions: ids(parsed.dimensions) };
}

/** Where in the bundle (file, definition, property path) each kind of id is written. */
const SLOTS: { file: string; def: string; path: string[]; ids: 'measures' | 'dimensions' | 'both' }[] = [
  { file: 'kpiTile.schema.json', def: 'kpiTile', path: ['measure'], ids: 'measures' },
  { file: 'query.schema.json', def: 'query', path: ['measures', 'items'], ids: 'measures' },
  { file: 'query.schema.json', def: 'query', path: ['groupBy', 'items'], ids: 'dimensions' },
  { file: 'query.schema.json', def: 'compare', path: ['measures', 'items'], ids: 'measures' },
  { file: 'query.schema.json', def: 'compare', path: ['over', 'items'], ids: 'dimensions' },
  { file: 'query.schema.json', def: 'sort', path: ['field'], ids: 'both' },
  { file: 'gridColumn.schema.json', def: 'changeColumn', path: ['field'], ids: 'measures' },
  ...['valueColumn', 'statusColumn', 'linkColumn', 'imageColumn', 'sparklineColumn'].map((def) => ({
    file: 'gridColumn.schema.json',
    def,
    path: ['field'],
    ids: 'both' as const,
  })),
];

/** A copy of the editor's schema bundle whose id slots offer the dataset's ids. */
export function withDatasetIds(bundle: object, ids: DatasetIds): object {
  const copy = structuredClone(bundle) as Node;
  const files = copy.definitions as Node | undefined;
  for (const slot of SLOTS) {
    const defs = (files?.[slot.file] as Node | undefined)?.definitions as Node | undefined;
    let node = (defs?.[slot.def] as Node | undefined)?.properties as Node | undefined;
    for (const key of slot.path.slice(0, -1)) node = (node?.[key] as Node | undefined) ?? undefined;
    const last = slot.path[slot.path.length - 1]!;
    const target = node?.[last] as Node | undefined;
    if (!node || !target) continue;
    const examples = slot.ids === 'both' ? [...ids.dimensions, ...ids.measures] : ids[slot.ids];
    // A sibling of $ref is ignored by draft-07 readers: the slot becomes a plain string with examples.
    const { $ref: _ref, ...rest } = target;
    node[last] = { ...rest, type: 'string', examples };
  }
  return copy;
}
