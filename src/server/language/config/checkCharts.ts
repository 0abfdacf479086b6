import type { ScreenConfig } from '../../../shared/config.gen.js';
import type { ConfigProblem } from './configRegistry.js';
import { pointer, pointerToken } from './configProblems.js';
import { queryOutputFields, type DatasetIndex } from '../model/datasetIndex.js';
import { suggestName } from '../model/suggestName.js';
import { validateVegaLite } from './vegaLiteValidator.js';

/** Keys whose string (or string list) values name a field of the chart's rows. */
const FIELD_KEYS = new Set(['field', 'fields', 'fold', 'groupby']);

/**
 * Each chart's spec is valid Vega-Lite, and every field it reads is a field of its query's rows
 * or one a transform of the spec makes (`as`). Either mistake used to render a blank chart with
 * only a console error.
 */
export function checkCharts(
  file: string,
  screen: ScreenConfig,
  datasets: ReadonlyMap<string, DatasetIndex>,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const ds = screen.dataset === undefined ? undefined : datasets.get(screen.dataset);
  screen.widgets.forEach((w, i) => {
    if (w.kind !== 'chart') return;
    const at = pointer('widgets', i, 'spec');
    for (const p of validateVegaLite(w.spec))
      problems.push({ file, pointer: at + p.pointer, message: p.message });
    const q = screen.queries?.find((x) => x.id === w.query);
    if (!ds || !q) return; // an unknown dataset or query is reported by checkScreen
    const made = new Set<string>();
    const read: [string, string][] = [];
    walk(w.spec, at, (key, value, where) => {
      if (key === 'as') for (const name of strings(value)) made.add(name);
      if (FIELD_KEYS.has(key))
        strings(value).forEach((name, j) =>
          read.push([Array.isArray(value) ? `${where}/${j}` : where, name]),
        );
    });
    const fields = new Set([...queryOutputFields(ds, q), ...made]);
    for (const [where, name] of read) {
      // "a.b" reads property b of field a; "a\.b" is a field whose name has a dot.
      const field = name.split(/(?<!\\)[.[]/)[0]!.replace(/\\(.)/g, '$1');
      if (!fields.has(field))
        problems.push({
          file,
          pointer: where,
          message: `field "${field}" is not returned by query "${q.id}" nor made by a transform${suggestName(field, fields)}`,
        });
    }
  });
  return problems;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Calls visit(key, value, pointer) for every property of every object in the tree. */
function walk(node: unknown, at: string, visit: (key: string, value: unknown, where: string) => void): void {
  if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`, visit));
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    const where = `${at}/${pointerToken(key)}`;
    visit(key, value, where);
    walk(value, where, visit);
  }
}
