import type { ScreenConfig } from '../../../../shared/config.gen.js';
import type { ConfigSnapshot } from '../configRegistry.js';
import { checkScreen, filterField } from '../checkScreen.js';
import { createConfigSchemaValidator, type ConfigSchemaValidator } from '../configSchemaValidator.js';
import { pointer } from '../configProblems.js';
import { indexDataset } from '../../model/datasetIndex.js';
import { suggestName } from '../../model/suggestName.js';
import { extraWidgetSource, type ExtraScreen, type GroupOverlay } from '../../../../shared/groupOverlay.js';
import { applyGroupOverlay } from './applyGroupOverlay.js';
import { checkOverlayShape } from './overlayShape.js';
import { FOREIGN_QUERY_PREFIX, queryOf } from './composeExtraScreen.js';

export interface OverlayProblem {
  /** JSON pointer into the overlay document. */
  pointer: string;
  message: string;
}

let validator: ConfigSchemaValidator | null = null;

/**
 * Checks a group overlay against the config it changes: only the listed properties
 * (overlayShape.ts), only names the config has (areas, screens, filters, widgets, columns, tiles),
 * defaults and presets the screen offers; then the screens and areas it changes are run through
 * the language's own checks (schema and screen cross-references) as they would be served.
 */
export function checkGroupOverlay(
  data: unknown,
  snapshot: ConfigSnapshot,
): { overlay: GroupOverlay; problems: [] } | { overlay: null; problems: OverlayProblem[] } {
  const problems = checkOverlayShape(data);
  if (problems.length > 0) return { overlay: null, problems };
  const overlay = data as GroupOverlay;
  checkNames(overlay, snapshot, problems);
  if (problems.length === 0) checkServed(overlay, snapshot, problems);
  return problems.length > 0 ? { overlay: null, problems } : { overlay, problems: [] };
}

function checkNames(overlay: GroupOverlay, snapshot: ConfigSnapshot, problems: OverlayProblem[]): void {
  const add = (at: string, message: string) => problems.push({ pointer: at, message });
  for (const id of Object.keys(overlay.areas ?? {}))
    if (!snapshot.areas.has(id))
      add(pointer('areas', id), `unknown area "${id}"${suggestName(id, snapshot.areas.keys())}`);
  const hidden = new Map<string, number>();
  for (const [key, change] of Object.entries(overlay.screens ?? {})) {
    const at = (...rest: (string | number)[]) => pointer('screens', key, ...rest);
    const screen = snapshot.screens.get(key);
    if (!screen) {
      add(at(), `unknown screen "${key}"${suggestName(key, snapshot.screens.keys())}`);
      continue;
    }
    if (change.hidden) hidden.set(screen.area, (hidden.get(screen.area) ?? 0) + 1);
    if (change.dates && !screen.dates) add(at('dates'), 'this screen has no date picker');
    const offered = screen.dates?.presets ?? [];
    const named = [
      ...(change.dates?.presets ?? []),
      ...(change.dates?.default ? [change.dates.default] : []),
    ];
    for (const preset of screen.dates ? named : [])
      if (!offered.includes(preset))
        add(at('dates'), `"${preset}" is not among the screen's presets (${offered.join(', ')})`);
    const filters = new Map((screen.filters ?? []).map((f) => [filterField(f), f]));
    for (const [field, f] of Object.entries(change.filters ?? {})) {
      const filter = filters.get(field);
      if (!filter) {
        add(
          at('filters', field),
          `unknown filter "${field}"${suggestName(
            field,
            [...filters.keys()].filter((k) => k !== null),
          )}`,
        );
        continue;
      }
      if (f.default === undefined) continue;
      if (filter.kind !== 'singleSelect' && filter.kind !== 'radio')
        add(
          at('filters', field, 'default'),
          `a ${filter.kind} filter has no default value; only single-select and radio filters do`,
        );
      else if (filter.options && !filter.options.some((o) => o.value === f.default))
        add(
          at('filters', field, 'default'),
          `must be one of the filter's options: ${filter.options.map((o) => JSON.stringify(o.value)).join(', ')}`,
        );
    }
    checkWidgetNames(screen, change.widgets ?? {}, (rest, message) => add(at('widgets', ...rest), message));
  }
  checkExtraScreens(overlay, snapshot, add);
  for (const [id, count] of hidden) {
    const tabs = snapshot.areas.get(id)?.tabs.length ?? 0;
    if (count >= tabs) add(pointer('screens'), `every tab of area "${id}" would be hidden: keep one`);
  }
}

const SCREEN_ID = /^[a-z][a-z0-9_-]{0,39}$/;

/**
 * An extra screen: a new name in an existing area, built from a product screen of that area with
 * a dataset, showing widgets that screen has and data widgets of other screens. Everything else it
 * would need (dataset, queries, endpoints, permission) is the product screens', never the overlay's.
 */
function checkExtraScreens(
  overlay: GroupOverlay,
  snapshot: ConfigSnapshot,
  add: (at: string, message: string) => void,
): void {
  for (const [key, extra] of Object.entries(overlay.extraScreens ?? {})) {
    const at = (...rest: string[]) => pointer('extraScreens', key, ...rest);
    const [area, id, ...more] = key.split('/');
    if (!area || !id || more.length > 0 || !SCREEN_ID.test(id)) {
      add(at(), `"${key}" must be area/screen, the screen a lower-case name (letters, digits, _ and -)`);
      continue;
    }
    if (!snapshot.areas.has(area)) {
      add(at(), `unknown area "${area}"${suggestName(area, snapshot.areas.keys())}`);
      continue;
    }
    if (snapshot.screens.has(key))
      add(at(), `the product already has a screen "${key}": choose another name`);
    for (const field of ['title', 'from', 'widgets'] as const)
      if (extra[field] === undefined) add(at(field), `an extra screen needs "${field}"`);
    if (!extra.from) continue;
    const source = snapshot.screens.get(extra.from);
    if (!source) {
      add(at('from'), `unknown screen "${extra.from}"${suggestName(extra.from, snapshot.screens.keys())}`);
      continue;
    }
    if (source.area !== area)
      add(
        at('from'),
        `an extra screen of area "${area}" is built from a screen of that area, not "${extra.from}"`,
      );
    if (!source.dataset)
      add(
        at('from'),
        `"${extra.from}" reads no dataset: an extra screen is built from a screen of the product's datasets`,
      );
    checkExtraWidgets(snapshot, extra, source, (i, rest, message) =>
      add(at('widgets', String(i), ...rest), message),
    );
  }
}

/**
 * The widgets of an extra screen: each names a widget its screen has; one of another screen is a
 * data widget (it shows a query) of a screen reading a dataset, whose measures mean on this screen
 * what they mean there; no widget twice.
 */
function checkExtraWidgets(
  snapshot: ConfigSnapshot,
  extra: ExtraScreen,
  source: ScreenConfig,
  add: (index: number, rest: string[], message: string) => void,
): void {
  const seen = new Set<string>();
  const measures = new Map<string, { label: string; format?: string; dataset: string }>();
  const noteMeasures = (dataset: string | undefined) => {
    for (const m of (dataset ? snapshot.datasets.get(dataset)?.measures : undefined) ?? [])
      if (!measures.has(m.id)) measures.set(m.id, { label: m.label, format: m.format, dataset: dataset! });
  };
  noteMeasures(source.dataset);
  for (const [i, entry] of (extra.widgets ?? []).entries()) {
    const { from, widget: id } = extraWidgetSource(extra, entry);
    const at = typeof entry === 'string' ? [] : ['widget'];
    const screen = snapshot.screens.get(from);
    if (!screen) {
      add(i, ['from'], `unknown screen "${from}"${suggestName(from, snapshot.screens.keys())}`);
      continue;
    }
    const widget = screen.widgets.find((w) => w.id === id);
    if (!widget) {
      const known = screen.widgets.map((w) => w.id);
      add(i, at, `unknown widget "${id}" of "${from}"${suggestName(id, known)}`);
      continue;
    }
    const pair = `${from}#${id}`;
    if (seen.has(pair)) add(i, at, `widget "${id}" of "${from}" is on this screen already`);
    seen.add(pair);
    if (from === extra.from) continue;
    const query = queryOf(screen, widget);
    if (!screen.dataset || !query) {
      add(
        i,
        at,
        `"${id}" of "${from}" shows no query of a dataset: a widget of another screen is a KPI tiles, grid or chart widget of a screen reading a dataset`,
      );
      continue;
    }
    const theirs = snapshot.datasets.get(screen.dataset)?.measures ?? [];
    for (const measureId of query.measures ?? []) {
      const mine = measures.get(measureId);
      const their = theirs.find((m) => m.id === measureId);
      if (
        mine &&
        their &&
        mine.dataset !== screen.dataset &&
        (mine.label !== their.label || mine.format !== their.format)
      )
        add(
          i,
          at,
          `measure "${measureId}" of "${from}" (dataset ${screen.dataset}) means another thing in dataset ${mine.dataset} on this screen ("${mine.label}" vs "${their.label}"): choose widgets whose measures agree`,
        );
    }
    noteMeasures(screen.dataset);
  }
}

function checkWidgetNames(
  screen: ScreenConfig,
  widgets: NonNullable<NonNullable<GroupOverlay['screens']>[string]['widgets']>,
  add: (at: string[], message: string) => void,
): void {
  for (const [id, change] of Object.entries(widgets)) {
    const widget = screen.widgets.find((w) => w.id === id);
    if (!widget) {
      add(
        [id],
        `unknown widget "${id}"${suggestName(
          id,
          screen.widgets.map((w) => w.id),
        )}`,
      );
      continue;
    }
    if (change.columns && widget.kind !== 'grid')
      add([id, 'columns'], `widget "${id}" is a ${widget.kind}, not a grid`);
    if (change.tiles && widget.kind !== 'kpiTiles')
      add([id, 'tiles'], `widget "${id}" is a ${widget.kind}, not KPI tiles`);
    if (widget.kind === 'grid')
      for (const field of Object.keys(change.columns ?? {}))
        if (!widget.columns.some((c) => c.field === field))
          add(
            [id, 'columns', field],
            `unknown column "${field}"${suggestName(
              field,
              widget.columns.map((c) => c.field),
            )}`,
          );
    if (widget.kind === 'kpiTiles')
      for (const measure of Object.keys(change.tiles ?? {}))
        if (!widget.tiles.some((t) => t.measure === measure))
          add(
            [id, 'tiles', measure],
            `unknown tile "${measure}"${suggestName(
              measure,
              widget.tiles.map((t) => t.measure),
            )}`,
          );
  }
}

/** An extra screen without the widgets and queries of other screens (composeExtraScreen.ts). */
function ownPart(screen: ScreenConfig): ScreenConfig {
  const queries = (screen.queries ?? []).filter((q) => !q.id.startsWith(FOREIGN_QUERY_PREFIX));
  const widgets = screen.widgets.filter(
    (w) => !('query' in w && typeof w.query === 'string' && w.query.startsWith(FOREIGN_QUERY_PREFIX)),
  );
  return {
    ...screen,
    queries,
    widgets,
    layout: widgets.map((w) => ({ kind: 'row' as const, widgets: [w.id] })),
  };
}

/** The changed screens as the group would be served them, through the language's schema and screen checks. */
function checkServed(overlay: GroupOverlay, snapshot: ConfigSnapshot, problems: OverlayProblem[]): void {
  validator ??= createConfigSchemaValidator();
  const served = applyGroupOverlay(snapshot, overlay);
  const datasets = new Map([...snapshot.datasets].map(([id, d]) => [id, indexDataset(d)]));
  for (const key of Object.keys(overlay.extraScreens ?? {})) {
    const screen = served.screens.get(key)!;
    const file = `${screen.area}/${screen.id}.screen.json`;
    // Widgets of other screens are theirs, checked there, and read other datasets: the
    // cross-references are checked on the part built from `from`, the schema on the whole.
    const own = ownPart(screen);
    // It carries the product screen's permission on purpose (the activity that opens its data).
    const found = [
      ...validator('screen', screen),
      ...checkScreen(file, own.area, own.id, own, datasets).filter((p) => p.severity !== 'warning'),
    ].filter((p) => p.pointer !== '/permission');
    for (const p of found)
      problems.push({
        pointer: pointer('extraScreens', key),
        message: `served as ${file}#${p.pointer}: ${p.message}`,
      });
  }
  for (const key of Object.keys(overlay.screens ?? {})) {
    const screen = served.screens.get(key)!;
    const file = `${screen.area}/${screen.id}.screen.json`;
    const found = [
      ...validator('screen', screen),
      ...checkScreen(file, screen.area, screen.id, screen, datasets).filter((p) => p.severity !== 'warning'),
    ];
    for (const p of found)
      problems.push({
        pointer: pointer('screens', key),
        message: `served as ${file}#${p.pointer}: ${p.message}`,
      });
  }
}
