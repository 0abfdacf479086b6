/**
 * Compiles Vega-Lite specs to Vega specs off the main thread (docs/bench.md, long tasks):
 * vega-lite's evaluation and its compile were 78-146 ms tasks on the first chart of a page. The main thread only parses
 * and draws Vega.
 */
import { compile, type TopLevelSpec } from 'vega-lite';

interface Request {
  id: number;
  spec: TopLevelSpec;
}

self.onmessage = (event: MessageEvent<Request>) => {
  const { id, spec } = event.data;
  try {
    self.postMessage({ id, vega: compile(spec).spec });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
