/**
 * The generation worker's entry: builds every planned tenant's rows on this thread and posts
 * them as column batches to the thread that writes them (generateInWorker.ts), which appends one
 * batch while this one generates the next. Bundled on its own as dist/server/generateWorker.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { generateGroupRows, type BuildSetup, type PlannedGroup } from './groupRows.js';
import { RowSink, type BatchTarget } from './rowSink.js';
import type { FromWorker, ToWorker } from './workerMessages.js';

/** Batches posted and not yet written: bounds the memory a slow writer lets this thread fill. */
const MAX_IN_FLIGHT = 6;

export interface WorkerInput {
  setup: BuildSetup;
  groups: PlannedGroup[];
  flushRows?: number | undefined;
}

const port = parentPort!;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let inFlight = 0;
let written: (() => void) | null = null;
port.on('message', (message: ToWorker) => {
  if (message.kind !== 'written') return;
  inFlight--;
  written?.();
  written = null;
});

const target: BatchTarget = {
  async load(table, columns) {
    // The typed columns' memory moves to the writing thread instead of being copied.
    const transfer = columns.flatMap((c) =>
      Array.isArray(c)
        ? []
        : [c.values.buffer as ArrayBuffer, ...(c.nulls ? [c.nulls.buffer as ArrayBuffer] : [])],
    );
    post({ kind: 'rows', table, columns }, transfer);
    inFlight++;
    while (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => (written = resolve));
  },
  finish: () => Promise.resolve(),
};

async function run({ setup, groups, flushRows }: WorkerInput): Promise<void> {
  const sink = new RowSink(target, flushRows);
  for (const group of groups) {
    let last = performance.now();
    const listings = await generateGroupRows(sink, group, setup, (step) => {
      const now = performance.now();
      post({ kind: 'log', line: `group ${group.groupId}: ${step} ${Math.round(now - last)} ms` });
      last = now;
    });
    await sink.flush();
    post({ kind: 'group', groupId: group.groupId, listings });
  }
  post({ kind: 'done' });
}

// A failure rejects unhandled, which ends the worker with an 'error' event: the build fails with it.
void run(workerData as WorkerInput);
