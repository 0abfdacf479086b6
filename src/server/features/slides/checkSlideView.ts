import type {
  LayoutNode,
  ScreenConfig,
  SlideDeckWidget,
  SlideViewConfig,
} from '../../../shared/config.gen.js';
import type { FieldProblem } from '../../../shared/errors.js';
import {
  createConfigSchemaValidator,
  type ConfigSchemaValidator,
} from '../../language/config/configSchemaValidator.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import type { AuthContext } from '../../access/auth/authContext.js';
import { mayOpenScreen } from '../../access/auth/mayOpenScreen.js';

/** The widget kinds a slide shows: figures of a screen, not its forms, uploads or actions. */
export const SLIDE_WIDGET_KINDS: ReadonlySet<string> = new Set(['kpiTiles', 'chart', 'grid']);

let validator: ConfigSchemaValidator | undefined;

/** The slide deck widget of a screen, when the screen is a slide screen. */
export function slideDeckOf(screen: ScreenConfig | undefined): SlideDeckWidget | undefined {
  return screen?.widgets.find((w): w is SlideDeckWidget => w.kind === 'slideDeck');
}

/**
 * Every problem of a deck, with its JSON pointer: the language's schema first (the same ajv
 * validator as screen files), then what only the live config and the caller know — each widget's
 * screen exists, is one the caller may open and the deck's sources allow, and holds that widget
 * of a kind a slide shows; the layout places each widget once.
 */
export function checkSlideView(
  snapshot: ConfigSnapshot,
  auth: Pick<AuthContext, 'activities' | 'readMode'>,
  deck: SlideDeckWidget,
  view: unknown,
): FieldProblem[] {
  validator ??= createConfigSchemaValidator();
  const schemaProblems = validator('slideView', view);
  if (schemaProblems.length) return schemaProblems.map((p) => ({ path: p.pointer, message: p.message }));
  const problems: FieldProblem[] = [];
  (view as SlideViewConfig).slides.forEach((slide, s) => {
    const at = `/slides/${s}`;
    const ids = new Set<string>();
    slide.widgets.forEach((w, i) => {
      const path = `${at}/widgets/${i}`;
      if (ids.has(w.id)) problems.push({ path: `${path}/id`, message: `repeats the id "${w.id}"` });
      ids.add(w.id);
      const message = widgetProblem(snapshot, auth, deck, w.screen, w.widget);
      if (message) problems.push({ path, message });
    });
    const placed = new Set<string>();
    walkRows(slide.layout, `${at}/layout`, (id, path) => {
      if (!ids.has(id)) problems.push({ path, message: `no widget "${id}" on this slide` });
      else if (placed.has(id)) problems.push({ path, message: `places "${id}" twice` });
      placed.add(id);
    });
  });
  return problems;
}

function widgetProblem(
  snapshot: ConfigSnapshot,
  auth: Pick<AuthContext, 'activities' | 'readMode'>,
  deck: SlideDeckWidget,
  screenKey: string,
  widgetId: string,
): string | null {
  const screen = snapshot.screens.get(screenKey);
  if (!screen || !mayOpenScreen(auth, screen.permission)) return `unknown screen "${screenKey}"`;
  if (deck.sources && !deck.sources.includes(screen.area))
    return `screen "${screenKey}" is not one of this deck's sources (${deck.sources.join(', ')})`;
  const widget = screen.widgets.find((w) => 'id' in w && w.id === widgetId);
  if (!widget) return `screen "${screenKey}" has no widget "${widgetId}"`;
  if (!SLIDE_WIDGET_KINDS.has(widget.kind))
    return `widget "${widgetId}" is a ${widget.kind}: a slide shows kpiTiles, chart and grid widgets`;
  return null;
}

function walkRows(nodes: readonly LayoutNode[], at: string, visit: (id: string, path: string) => void) {
  nodes.forEach((node, i) => {
    if (node.kind === 'section') return walkRows(node.children, `${at}/${i}/children`, visit);
    node.widgets.forEach((id, j) => visit(id, `${at}/${i}/widgets/${j}`));
  });
}
