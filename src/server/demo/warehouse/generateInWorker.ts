import { Worker } from 'node:worker_threads';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import type { BuildSetup, PlannedGroup } from './groupRows.js';
import type { WorkerInput } from './generateWorker.js';
import { rowsOf, TableWriter } from './tableWriter.js';
import type { FromWorker, ToWorker } from './workerMessages.js';

/**
 * The worker's script beside this module: the bundle's dist/server/generateWorker.js
 * (scripts/build-server.mjs), or the TypeScript source under tsx and Vitest.
 */
function workerScript(): { url: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { url: new URL('./generateWorker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./generateWorker.js', import.meta.url), execArgv: [] };
}

/** Messages of a worker as an ordered stream; its failure (or exit before 'done') is an error. */
async function* messagesOf(worker: Worker): AsyncGenerator<Exclude<FromWorker, { kind: 'done' }>> {
  const queue: FromWorker[] = [];
  // A holder, not a variable: the callbacks set it, and the loop must read it fresh.
  const ended: { failure: Error | null } = { failure: null };
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: FromWorker) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (error: Error) => {
    ended.failure = error;
    notify();
  });
  worker.on('exit', (code) => {
    ended.failure ??= new Error(`the demo generation worker stopped (exit code ${code})`);
    notify();
  });
  for (;;) {
    const message = queue.shift();
    if (message) {
      if (message.kind === 'done') return;
      yield message;
    } else if (ended.failure) throw ended.failure;
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}

/**
 * Generates the groups' rows on a worker thread while this thread writes them: the walk's
 * arithmetic and DuckDB's appends (each about half of a first start's build) run on both cores.
 * The rows are the ones the main thread would generate (groupRows.ts: a group's stream depends on
 * the seed only). `afterGroup` runs once each group's rows are all written, while the worker
 * goes on with the next group. Returns the rows written per table.
 */
export async function generateInWorker(
  wh: Warehouse,
  setup: BuildSetup,
  groups: PlannedGroup[],
  options: {
    flushRows?: number | undefined;
    afterGroup: (groupId: number, listings: number) => Promise<void>;
    log?: ((line: string) => void) | undefined;
  },
): Promise<Record<string, number>> {
  const { url, execArgv } = workerScript();
  const input: WorkerInput = { setup, groups, flushRows: options.flushRows };
  const worker = new Worker(url, { workerData: input, execArgv });
  const writer = new TableWriter(wh);
  const counts: Record<string, number> = {};
  try {
    for await (const message of messagesOf(worker)) {
      if (message.kind === 'rows') {
        await writer.load(message.table, message.columns);
        counts[message.table] = (counts[message.table] ?? 0) + rowsOf(message.columns);
        worker.postMessage({ kind: 'written' } satisfies ToWorker);
      } else if (message.kind === 'log') {
        options.log?.(message.line);
      } else {
        await writer.finish();
        options.log?.(`group ${message.groupId}: rows written`);
        await options.afterGroup(message.groupId, message.listings);
      }
    }
  } finally {
    await writer.finish();
    await worker.terminate();
  }
  return counts;
}
