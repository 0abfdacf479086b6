/**
 * Charts are compiled one per browser task (issue 17 §3). vega-embed compiles the Vega-Lite spec,
 * parses the Vega dataflow (its expressions become functions) and draws it synchronously, so a
 * screen whose charts all mount in one React commit did every chart's compile inside that commit's
 * task: 100-400 ms with no input handled. Queued here, each chart runs in a task of its own, and
 * a click or keypress can slip in between two charts.
 */
type Job = () => Promise<unknown>;

const queue: Job[] = [];
let running = false;

/** Next macrotask: a MessageChannel message is not clamped to 4 ms like a nested setTimeout. */
function nextTask(run: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(run, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

function drain(): void {
  const job = queue.shift();
  if (!job) {
    running = false;
    return;
  }
  // The job's synchronous part (compile, parse, first draw) is this task; the next chart waits
  // for a later one even when this job's promise settles at once.
  void job()
    .catch(() => undefined)
    .finally(() => nextTask(drain));
}

/** Runs `job` in a task of its own after the charts queued before it; cancel() drops it if not started. */
export function enqueueEmbed(job: Job): { cancel: () => void } {
  queue.push(job);
  if (!running) {
    running = true;
    nextTask(drain);
  }
  return {
    cancel: () => {
      const i = queue.indexOf(job);
      if (i >= 0) queue.splice(i, 1);
    },
  };
}
