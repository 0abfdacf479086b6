import { formatLocale, parse, View, Warn, type Spec } from 'vega';
import { Handler } from 'vega-tooltip';
import { nextTask } from './chartTurns.js';

/**
 * Parses and draws a compiled Vega spec into `root` with vega's own View, each step in a task of
 * its own (parse, then the view and its dataflow, then the first draw), and adds the save as
 * PNG / SVG menu. Replaces vega-embed, which imports vega-lite statically and so evaluated it on
 * the main thread (docs/bench.md, long tasks). The classes and markup are vega-embed's, so its styles (now in
 * engine.css) and the tests' selectors still apply.
 */

export interface DrawOptions {
  fileName: string;
  /** d3-format locale: axis and tooltip numbers group digits like the tiles and grids. */
  numberLocale: Parameters<typeof formatLocale>[0];
  /** False once the chart is gone: stop between steps. */
  live: () => boolean;
}

export interface DrawnChart {
  view: View;
  remove: () => void;
}

const DOTS =
  '<svg viewBox="0 0 16 16" fill="currentColor" stroke="none"><circle r="2" cy="8" cx="2"></circle><circle r="2" cy="8" cx="8"></circle><circle r="2" cy="8" cx="14"></circle></svg>';

export async function drawVegaChart(
  box: HTMLElement,
  spec: Spec,
  opts: DrawOptions,
): Promise<DrawnChart | null> {
  // A global setting in Vega, as vega-embed's formatLocale option was.
  formatLocale(opts.numberLocale);
  const runtime = parse(spec);
  await nextTask();
  if (!opts.live()) return null;
  const view = new View(runtime, { renderer: 'svg', logLevel: Warn });
  view.tooltip(new Handler().call);
  // A root of its own inside React's box, so React's className updates leave these classes alone.
  const root = document.createElement('div');
  root.className = 'vega-embed has-actions';
  const wrapper = document.createElement('div');
  wrapper.className = 'chart-wrapper';
  root.append(wrapper);
  box.replaceChildren(root);
  // Autosize 'fit' stretches the chart to its card (vega-embed's fit-x / fit-y classes).
  view.addSignalListener('autosize', (_name, autosize: { type?: string }) => {
    const fitX = autosize.type === 'fit' || autosize.type === 'fit-x';
    const fitY = autosize.type === 'fit' || autosize.type === 'fit-y';
    for (const el of [root, wrapper]) {
      el.classList.toggle('fit-x', fitX);
      el.classList.toggle('fit-y', fitY);
    }
  });
  view.initialize(wrapper);
  await nextTask();
  if (!opts.live()) {
    view.finalize();
    box.replaceChildren();
    return null;
  }
  await view.runAsync();
  const removeMenu = addActionsMenu(root, view, opts.fileName);
  return {
    view,
    remove: () => {
      removeMenu();
      view.finalize();
      box.replaceChildren();
    },
  };
}

/** vega-embed's "…" menu with Save as SVG / Save as PNG only, named for screen readers. */
function addActionsMenu(root: HTMLElement, view: View, fileName: string): () => void {
  const details = document.createElement('details');
  details.title = 'Click to view actions';
  const summary = document.createElement('summary');
  summary.innerHTML = DOTS;
  summary.setAttribute('aria-label', 'Chart actions: save as PNG or SVG');
  const actions = document.createElement('div');
  actions.className = 'vega-actions';
  for (const ext of ['svg', 'png'] as const) {
    const link = document.createElement('a');
    link.text = `Save as ${ext.toUpperCase()}`;
    link.href = '#';
    link.target = '_blank';
    link.download = `${fileName}.${ext}`;
    // The image is made on mousedown so the link is ready when the click lands.
    link.addEventListener('mousedown', (event) => {
      event.preventDefault();
      void view.toImageURL(ext).then((url) => (link.href = url));
    });
    actions.append(link);
  }
  details.append(summary, actions);
  root.append(details);
  const closeOutside = (event: MouseEvent) => {
    if (!details.contains(event.target as Node)) details.removeAttribute('open');
  };
  document.addEventListener('click', closeOutside);
  return () => document.removeEventListener('click', closeOutside);
}
