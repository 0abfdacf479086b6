import { DATE_PRESET_IDS } from '../../../../shared/filters/datePresets.js';
import { pointer } from '../configProblems.js';
import type { OverlayProblem } from './checkGroupOverlay.js';

/** What a node of the overlay may hold: a fixed set of properties, or a map of named entries. */
type Shape =
  | { props: Record<string, Shape> }
  | { entries: Shape }
  | 'label'
  | 'boolean'
  | 'value'
  | 'preset'
  | 'presets'
  | 'name'
  | 'widgets';

const LABEL: Shape = 'label';
const SCREEN: Shape = {
  props: {
    title: LABEL,
    hidden: 'boolean',
    dates: { props: { default: 'preset', presets: 'presets' } },
    filters: { entries: { props: { label: LABEL, hidden: 'boolean', default: 'value' } } },
    widgets: {
      entries: {
        props: {
          title: LABEL,
          columns: { entries: { props: { header: LABEL } } },
          tiles: { entries: { props: { label: LABEL } } },
        },
      },
    },
  },
};
const EXTRA_SCREEN: Shape = { props: { title: LABEL, from: 'name', widgets: 'widgets' } };
const OVERLAY: Shape = {
  props: {
    areas: { entries: { props: { label: LABEL } } },
    screens: { entries: SCREEN },
    extraScreens: { entries: EXTRA_SCREEN },
  },
};

export const OVERLAY_LIMITS =
  "a group overlay may change only titles and labels, hidden tabs and filters, filter defaults and date presets, and add screens built from the product's screens";
const MAX_LABEL = 120;
/** A widget id or 'area/screen'. */
const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}(\/[A-Za-z][A-Za-z0-9_-]{0,63})?$/;

/**
 * The overlay's own grammar, checked before anything is looked up: every property outside the
 * list is refused by name, so no overlay can name a dataset, endpoint, query, permission or tenant
 * key, whatever it nests them in.
 */
export function checkOverlayShape(data: unknown): OverlayProblem[] {
  const problems: OverlayProblem[] = [];
  walk(data, OVERLAY, '', problems);
  return problems;
}

function walk(value: unknown, shape: Shape, at: string, problems: OverlayProblem[]): void {
  const add = (message: string): void => void problems.push({ pointer: at, message });
  if (shape === 'label') {
    if (typeof value !== 'string' || value.trim() === '') add('must be a non-empty text');
    else if (value.length > MAX_LABEL) add(`must be at most ${MAX_LABEL} characters`);
    return;
  }
  if (shape === 'boolean') return void (typeof value !== 'boolean' && add('must be true or false'));
  if (shape === 'value') {
    const ok = ['string', 'number', 'boolean'].includes(typeof value);
    return void (!ok && add('must be a text, number or true/false'));
  }
  if (shape === 'name')
    return void ((typeof value !== 'string' || !NAME.test(value)) && add('must be a name of the config'));
  if (shape === 'widgets') return checkWidgetList(value, at, problems);
  if (shape === 'preset')
    return void (!isPreset(value) && add(`must be a date preset (${DATE_PRESET_IDS.join(', ')})`));
  if (shape === 'presets') {
    const list = Array.isArray(value) ? (value as unknown[]) : null;
    if (!list || list.length === 0 || !list.every(isPreset) || new Set(list).size !== list.length)
      add('must be a non-empty list of distinct date presets');
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return add('must be an object');
  for (const [key, child] of Object.entries(value)) {
    const next = `${at}${pointer(key)}`;
    if ('entries' in shape) walk(child, shape.entries, next, problems);
    else if (Object.hasOwn(shape.props, key)) walk(child, shape.props[key]!, next, problems);
    else problems.push({ pointer: next, message: `"${key}" cannot be changed: ${OVERLAY_LIMITS}` });
  }
}

const WIDGET_LIST =
  'must be a non-empty list (at most 50) of widget ids of "from", or {"from": "area/screen", "widget": "id"} of another screen';

/** An extra screen's widgets: ids of its `from`, or `{from, widget}` naming another screen's widget. */
function checkWidgetList(value: unknown, at: string, problems: OverlayProblem[]): void {
  const list = Array.isArray(value) ? (value as unknown[]) : null;
  if (!list || list.length === 0 || list.length > 50)
    return void problems.push({ pointer: at, message: WIDGET_LIST });
  for (const [i, entry] of list.entries()) {
    const here = `${at}/${i}`;
    if (typeof entry === 'string') {
      if (!NAME.test(entry)) problems.push({ pointer: here, message: 'must be a widget id' });
      continue;
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push({ pointer: here, message: WIDGET_LIST });
      continue;
    }
    for (const [key, v] of Object.entries(entry)) {
      if (key !== 'from' && key !== 'widget')
        problems.push({
          pointer: `${here}${pointer(key)}`,
          message: `"${key}" cannot be changed: ${OVERLAY_LIMITS}`,
        });
      else if (typeof v !== 'string' || !NAME.test(v))
        problems.push({ pointer: `${here}/${key}`, message: 'must be a name of the config' });
    }
    for (const key of ['from', 'widget'] as const)
      if (!(key in entry))
        problems.push({ pointer: here, message: `a widget of another screen needs "${key}"` });
  }
}

function isPreset(value: unknown): boolean {
  return typeof value === 'string' && (DATE_PRESET_IDS as readonly string[]).includes(value);
}
