import type { Spec } from 'vega';
import type { TopLevelSpec } from 'vega-lite';

/**
 * Vega-Lite → Vega in a Web Worker (vegaLiteWorker.ts), so the main thread never evaluates
 * vega-lite. Where there is no Worker (unit tests under happy-dom) or it fails to start, the
 * compile runs here, from vega-lite's own lazily loaded chunk.
 */

type Answer = { id: number; vega: Spec } | { id: number; error: string };

interface Pending {
  spec: TopLevelSpec;
  resolve: (vega: Spec) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let workerFailed = typeof Worker === 'undefined';
let nextId = 1;
const pending = new Map<number, Pending>();

async function compileHere(spec: TopLevelSpec): Promise<Spec> {
  const { compile } = await import('vega-lite');
  return compile(spec).spec;
}

function startWorker(): Worker {
  const w = new Worker(new URL('./vegaLiteWorker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (event: MessageEvent<Answer>) => {
    const answer = event.data;
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    if ('error' in answer) job.reject(new Error(answer.error));
    else job.resolve(answer.vega);
  };
  // The worker did not load (or died): compile what it held here, and everything after it too.
  w.onerror = (event) => {
    console.error('Chart compile worker failed; compiling on the main thread', event.message);
    workerFailed = true;
    worker = null;
    w.terminate();
    for (const job of pending.values()) compileHere(job.spec).then(job.resolve, job.reject);
    pending.clear();
  };
  return w;
}

export function compileVegaLite(spec: TopLevelSpec): Promise<Spec> {
  if (workerFailed) return compileHere(spec);
  worker ??= startWorker();
  const id = nextId++;
  const answer = new Promise<Spec>((resolve, reject) => pending.set(id, { spec, resolve, reject }));
  worker.postMessage({ id, spec });
  return answer;
}
