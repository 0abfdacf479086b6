/**
 * Charts draw one at a time, each step in a browser task of its own (docs/bench.md, long tasks:
 * no main-thread task over 50 ms). Without this, every chart whose rows arrived together was compiled, parsed and
 * drawn inside the one task of the React commit that mounted them (100-450 ms on chart screens).
 */

/** Resolves in a new task, so the browser may paint and handle input in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const waiting: (() => void)[] = [];
let busy = false;

/**
 * Waits for this chart's turn (in a task of its own) and gives back `done`, which hands the turn
 * on; call it once the chart is drawn, failed or unmounted (a second call does nothing).
 */
export function takeTurn(): Promise<() => void> {
  return new Promise((resolve) => {
    const start = () => {
      let released = false;
      resolve(() => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        // The turn passes straight on (busy stays set), so no chart can slip in between.
        if (next) void nextTask().then(next);
        else busy = false;
      });
    };
    if (busy) waiting.push(start);
    else {
      busy = true;
      void nextTask().then(start);
    }
  });
}
