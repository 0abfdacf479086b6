/**
 * The app's code is evaluated in stages, a task each, instead of one ~50 ms evaluation of the
 * whole main chunk when a page opens (docs/bench.md, long tasks: no main-thread task over 50 ms). React and
 * React DOM, then axios, come first, in chunks of their own; the app itself last. (Not the router:
 * a package imported with `import()` keeps all its exports, ~100 KB more of react-router.)
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const STAGES: (() => Promise<unknown>)[] = [
  () => import('react'),
  () => import('react-dom/client'),
  () => import('axios'),
];

async function start(): Promise<void> {
  for (const stage of STAGES) {
    await stage();
    await nextTask();
  }
  const { startApp } = await import('./startApp.js');
  startApp();
}

void start();
