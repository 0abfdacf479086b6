import { measureInputs } from '../measures/measureKinds.js';
import type { FilterNode, ScreenConfig, ScreenQuery } from '../../../shared/config.gen.js';
import type { ConfigProblem } from './configRegistry.js';
import { pointer } from './configProblems.js';
import { findCycles } from './checkDataset.js';
import { columnDimension, queryOutputFields, type DatasetIndex } from '../model/datasetIndex.js';
import { checkScreenWidgets, isPagedOrGrouped } from './checkScreenWidgets.js';
import { suggestName } from '../model/suggestName.js';
import { checkStoreFilters } from './checkStoreFilters.js';

type Add = (p: string, message: string) => void;

/** The request parameter a filter sets, for the kinds bound to a dimension. */
export function filterField(f: FilterNode): string | null {
  return 'field' in f ? f.field : null;
}

/** Cross-references of one (schema-valid) screen file against its folder and the datasets. */
export function checkScreen(
  file: string,
  folder: string,
  id: string,
  screen: ScreenConfig,
  datasets: ReadonlyMap<string, DatasetIndex>,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const add: Add = (p, message) => problems.push({ file, pointer: p, message });
  if (screen.id !== id) add('/id', `must equal the file name "${id}"`);
  if (screen.area !== folder) add('/area', `must equal the folder name "${folder}"`);
  if (screen.permission !== `${screen.area}/${screen.id}`)
    add('/permission', `must be "${screen.area}/${screen.id}"`);
  if (screen.dates && !screen.dates.presets.includes(screen.dates.default))
    add('/dates/default', `"${screen.dates.default}" is not among the presets`);

  let ds: DatasetIndex | undefined;
  if (screen.dataset !== undefined) {
    ds = datasets.get(screen.dataset);
    if (!ds)
      add('/dataset', `unknown dataset "${screen.dataset}"${suggestName(screen.dataset, datasets.keys())}`);
  } else if (screen.queries?.length) {
    add('', 'missing property "dataset" (the screen has queries)');
  }
  checkFilters(screen, ds, add);
  // A screen without a dataset filters store rows; one whose dataset is wrong was named above.
  if (screen.dataset === undefined) checkStoreFilters(screen, add);
  if (ds) checkQueries(screen, ds, add);
  checkFiltersRead(screen, add);
  checkScreenWidgets(screen, ds, add);
  return problems;
}

function checkFilters(screen: ScreenConfig, ds: DatasetIndex | undefined, add: Add): void {
  const filters = screen.filters ?? [];
  const fields = new Map<string, number>();
  const sources = new Set<string>();
  filters.forEach((f, i) => {
    const field = filterField(f);
    if (field !== null) {
      if (fields.has(field)) add(pointer('filters', i, 'field'), `duplicate filter field "${field}"`);
      fields.set(field, i);
      const dim = ds?.dimensions.get(field);
      if (ds && !dim)
        add(
          pointer('filters', i, 'field'),
          `unknown dimension "${field}" in dataset "${ds.config.id}"${suggestName(field, ds.dimensions.keys())}`,
        );
      if (dim && f.kind === 'rankInput' && (dim.kind !== 'column' || dim.type !== 'integer'))
        add(pointer('filters', i, 'field'), 'a rank filter needs an integer column dimension');
      if (dim && 'source' in f && f.source !== undefined) {
        const labelled = dim.kind === 'column' ? dim.lookup !== undefined : dim.labelColumn !== undefined;
        if (!labelled)
          add(pointer('filters', i, 'source'), `dimension "${field}" has no lookup to suggest names from`);
      }
    }
    if ('source' in f && f.source !== undefined) {
      if (sources.has(f.source))
        add(pointer('filters', i, 'source'), `duplicate suggestion source "${f.source}"`);
      sources.add(f.source);
    }
    if ((f.kind === 'singleSelect' || f.kind === 'checkboxGroup') && !f.source && !f.options)
      add(pointer('filters', i), 'needs "source" or "options"');
    if (
      f.kind === 'multiSelect' &&
      f.minSelect !== undefined &&
      f.maxSelect !== undefined &&
      f.minSelect > f.maxSelect
    )
      add(pointer('filters', i, 'minSelect'), 'must not exceed maxSelect');
    if (f.kind === 'datePreset' && !f.presets.includes(f.default))
      add(pointer('filters', i, 'default'), `"${f.default}" is not among the presets`);
  });
  const edges = new Map<string, string[]>();
  filters.forEach((f, i) => {
    const field = filterField(f);
    const deps = 'dependsOn' in f ? (f.dependsOn ?? []) : [];
    deps.forEach((dep, j) => {
      if (dep === field) add(pointer('filters', i, 'dependsOn', j), 'a filter cannot depend on itself');
      else if (!fields.has(dep))
        add(
          pointer('filters', i, 'dependsOn', j),
          `unknown sibling filter "${dep}"${suggestName(dep, fields.keys())}`,
        );
    });
    if (field !== null)
      edges.set(
        field,
        deps.filter((d) => d !== field),
      );
    if (f.kind === 'radio') {
      f.options.forEach((o, k) =>
        (o.clears ?? []).forEach((c, j) => {
          if (!fields.has(c))
            add(
              pointer('filters', i, 'options', k, 'clears', j),
              `unknown sibling filter "${c}"${suggestName(c, fields.keys())}`,
            );
        }),
      );
    }
  });
  for (const cycle of findCycles(edges))
    add(pointer('filters', fields.get(cycle[0]!)!, 'dependsOn'), `dependsOn cycle: ${cycle.join(' -> ')}`);
}

function checkQueries(screen: ScreenConfig, ds: DatasetIndex, add: Add): void {
  const ids = new Set<string>();
  const filterFields = new Set(
    (screen.filters ?? []).map(filterField).filter((f): f is string => f !== null),
  );
  (screen.queries ?? []).forEach((q, i) => {
    if (ids.has(q.id)) add(pointer('queries', i, 'id'), `duplicate query id "${q.id}"`);
    ids.add(q.id);
    (q.groupBy ?? []).forEach((g, j) => {
      if (!columnDimension(ds, g))
        add(pointer('queries', i, 'groupBy', j), `unknown column dimension "${g}"${columnHint(ds, g)}`);
    });
    q.measures.forEach((m, j) => {
      if (!ds.measures.has(m))
        add(
          pointer('queries', i, 'measures', j),
          `unknown measure "${m}"${suggestName(m, ds.measures.keys())}`,
        );
      // A figure shows its inputs on hover from the same row: the query must carry them.
      const inputs = measureInputs(ds.measures.get(m));
      const missing = [...(inputs?.product ?? []), ...(inputs?.notes ?? [])].filter(
        (x) => !q.measures.includes(x),
      );
      if (missing.length)
        add(
          pointer('queries', i, 'measures', j),
          `"${m}" shows its inputs on hover: add ${missing.map((x) => `"${x}"`).join(', ')} to the query's measures`,
        );
    });
    const outputs = queryOutputFields(ds, q);
    (q.sort ?? []).forEach((s, j) => {
      if (!outputs.has(s.field))
        add(
          pointer('queries', i, 'sort', j, 'field'),
          `unknown sort field "${s.field}" (not a field of the query)${suggestName(s.field, outputs)}`,
        );
    });
    (q.filters ?? []).forEach((f, j) => {
      if (!filterFields.has(f))
        add(
          pointer('queries', i, 'filters', j),
          `unknown screen filter "${f}"${suggestName(f, filterFields)}`,
        );
    });
    (q.where ?? []).forEach((w, j) => {
      if (!columnDimension(ds, w.field))
        add(
          pointer('queries', i, 'where', j, 'field'),
          `unknown column dimension "${w.field}"${columnHint(ds, w.field)}`,
        );
    });
    if (q.compare) checkCompare(q, ds, (p, message) => add(pointer('queries', i, 'compare', ...p), message));
  });
}

/** A compared query is one row, compares its own measures, over column dimensions. */
function checkCompare(
  q: ScreenQuery,
  ds: DatasetIndex,
  add: (p: (string | number)[], message: string) => void,
): void {
  const compare = q.compare!;
  if (isPagedOrGrouped(q)) add([], 'compare needs a query with no groupBy and no paging');
  compare.measures.forEach((m, j) => {
    if (!q.measures.includes(m)) add(['measures', j], `measure "${m}" is not in the query's measures`);
  });
  compare.over.forEach((d, j) => {
    if (!columnDimension(ds, d)) add(['over', j], `unknown column dimension "${d}"${columnHint(ds, d)}`);
  });
}

/** "did you mean" over the dataset's column dimensions (the ones a query can group or restrict by). */
function columnHint(ds: DatasetIndex, name: string): string {
  return suggestName(
    name,
    ds.config.dimensions.filter((d) => d.kind === 'column').map((d) => d.id),
  );
}

/**
 * A filter no query reads changes nothing on screen: refused. A query reads every screen filter
 * unless it lists the ones it applies (`filters`); a sibling's dependsOn reads it too (it narrows
 * that filter's options). A grid reading rows of its own (`rows`) may read any filter: not judged.
 */
function checkFiltersRead(screen: ScreenConfig, add: Add): void {
  const queries = screen.queries ?? [];
  if (queries.length === 0) return;
  if (screen.widgets.some((w) => w.kind === 'grid' && w.rows !== undefined)) return;
  const filters = screen.filters ?? [];
  const narrows = new Set(filters.flatMap((f) => ('dependsOn' in f ? (f.dependsOn ?? []) : [])));
  filters.forEach((f, i) => {
    const field = filterField(f);
    if (field === null || narrows.has(field)) return;
    if (queries.some((q) => q.filters === undefined || q.filters.includes(field))) return;
    add(pointer('filters', i), `filter "${field}" changes nothing: no query of the screen reads it`);
  });
}
